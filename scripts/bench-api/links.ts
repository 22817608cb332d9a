/**
 * bench:api's targets for the links for tools (docs/tool-links.md): `currentUrl` and `changeIpUrl`
 * of one seeded proxy among the 100,000, at 100 concurrent connections on PostgreSQL, measured like
 * the other targets (CPU per request, and beside each baseline tree). Both resolve the token through
 * the `proxy_links` hash index. The change-IP URL answers 429 RESET_TOO_FAST after its first change
 * (the 60-second spacing), so its figure is the lookup and the refusal, counted as non-2xx by design.
 */

export const LINK_CONNECTIONS = Number(process.env.BENCH_LINK_CONNECTIONS ?? 100);

export interface LinkTarget {
  endpoint: string;
  path: string;
  headers: Record<string, string>;
  connections: number;
}

/**
 * Issues the links of the customer's `index`-th proxy on one server. Each tree signs its tokens
 * with its own APP_SECRET, and a proxy keeps one link row: each tree gets a proxy of its own.
 */
export async function linkTargets(baseUrl: string, token: string, index: number): Promise<LinkTarget[]> {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const page = await fetch(`${baseUrl}/api/v6-proxy/list-proxy-me?page=1&limit=${index + 1}`, { headers: auth });
  const id = ((await page.json()) as { items: { id: string }[] }).items[index]?.id;
  if (!id) {
    throw new Error(`bench links: the customer has no proxy number ${index + 1}`);
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
  const path = (u: string) => new URL(u).pathname;
  // The first change goes through; every measured call after it comes too soon.
  const first = await fetch(`${baseUrl}${path(link.changeIpUrl)}`);
  if (first.status !== 200) {
    throw new Error(`bench links: the first change of IP answered ${first.status} ${await first.text()}`);
  }
  return [
    {
      endpoint: `GET currentUrl (${LINK_CONNECTIONS} concurrent)`,
      path: path(link.currentUrl),
      headers: {},
      connections: LINK_CONNECTIONS,
    },
    {
      endpoint: `GET changeIpUrl (${LINK_CONNECTIONS} concurrent; 429 after the first)`,
      path: path(link.changeIpUrl),
      headers: {},
      connections: LINK_CONNECTIONS,
    },
  ];
}
