/**
 * bench:api's rows for the links for tools (docs/tool-links.md): `currentUrl` and `changeIpUrl` of
 * one seeded proxy among the 100,000, at 100 concurrent connections on PostgreSQL. Both resolve the
 * token through the `proxy_links` hash index. The change-IP URL answers 429 RESET_TOO_FAST after its
 * first change (the 60-second spacing), so its figure is the lookup and the refusal, counted as
 * non-2xx in the failures column by design.
 */
import { createRequire } from 'node:module';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (opts: { url: string; connections: number; duration: number }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export const LINK_CONNECTIONS = Number(process.env.BENCH_LINK_CONNECTIONS ?? 100);

export interface LinkRow {
  db: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  failures: string;
}

/** Issues the links of the customer's first proxy and measures both URLs. */
export async function benchLinks(db: string, baseUrl: string, token: string, seconds: number): Promise<LinkRow[]> {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const page = await fetch(`${baseUrl}/api/v6-proxy/list-proxy-me?page=1&limit=1`, { headers: auth });
  const id = ((await page.json()) as { items: { id: string }[] }).items[0]?.id;
  if (!id) {
    throw new Error('bench links: the customer has no proxy');
  }
  const res = await fetch(`${baseUrl}/api/proxy/links`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ listProxyId: [id] }),
  });
  const [link] = (await res.json()) as { currentUrl: string; changeIpUrl: string }[];
  if (!res.ok || !link) {
    throw new Error(`bench links: POST /api/proxy/links answered ${res.status}`);
  }
  const local = (u: string) => `${baseUrl}${new URL(u).pathname}`;
  const rows: LinkRow[] = [];
  for (const [endpoint, url] of [
    [`GET currentUrl (${LINK_CONNECTIONS} concurrent)`, local(link.currentUrl)],
    [`GET changeIpUrl (${LINK_CONNECTIONS} concurrent; 429 after the first)`, local(link.changeIpUrl)],
  ] as const) {
    await autocannon({ url, connections: LINK_CONNECTIONS, duration: 2 });
    const r = await autocannon({ url, connections: LINK_CONNECTIONS, duration: seconds });
    rows.push({
      db,
      endpoint,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      failures: `${r.errors + r.timeouts}/${r.non2xx}`,
    });
    process.stdout.write(`  ${db} ${endpoint}: ${rows.at(-1)!.rps} req/s, p99 ${rows.at(-1)!.p99} ms\n`);
  }
  return rows;
}
