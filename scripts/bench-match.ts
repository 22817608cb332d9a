// `npm run bench:match`: "paste to act" (POST /api/proxy/match) on 10,000 pasted lines, half of them
// the customer's proxies in mixed forms, half other endpoints. Prints the parser alone and the
// whole match (parse + one query + pairing + the proxies' views) as median and worst of several
// runs, on the embedded PGlite by default or on PostgreSQL with DATABASE_URL. Target: < 200 ms.
// Also the match's CPU time in this process (process.cpuUsage): on PGlite that is all of its work
// (the database runs in this thread), and unlike the wall time it hardly moves with the machine's
// load, so before/after comparisons on a shared machine read it; on PostgreSQL it leaves out the
// server's share.
import { performance } from 'node:perf_hooks';
import { parseProxyLines } from '@proxy/contract';
import { build, customer } from '../apps/server/test/helper';
import { matchProxyLines } from '../apps/server/src/modules/proxies/match';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const LINES = 10_000;

interface P {
  host: string;
  port: number;
  username: string;
  password: string;
}

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (i: number) => (s[i] ?? NaN).toFixed(1);
  return `median ${at(Math.floor(s.length / 2))} ms, worst ${at(s.length - 1)} ms (${s.length} runs)`;
}

async function main() {
  const t = await build();
  try {
    const c = await customer(t, 2_000_000_000);
    const mine: P[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v6-proxy/buy-retail',
        token: c.token,
        payload: { country: 'VN', quantity: 2500, period: { unit: 'day', value: 1 } },
      });
      if (res.statusCode !== 200) {
        throw new Error(`buy: ${res.statusCode} ${res.body}`);
      }
      mine.push(...res.json<{ proxies: P[] }>().proxies);
    }
    const forms = [
      (p: P) => `${p.host}:${p.port}:${p.username}:${p.password}`,
      (p: P) => `${p.username}:${p.password}@${p.host}:${p.port}`,
      (p: P) => `socks5h://${p.username}:${p.password}@${p.host}:${p.port}`,
      (p: P) => `${p.host}\t${p.port}\t${p.username}\t${p.password}`,
      (p: P) => `${p.host}:${p.port}`,
    ];
    const lines: string[] = [];
    for (let i = 0; i < LINES / 2; i++) {
      const form = forms[i % forms.length];
      const p = mine[i % mine.length];
      if (form && p) {
        lines.push(form(p));
      }
      lines.push(`198.51.100.${i % 250}:${30000 + (i % 20000)}:user${i}:pass${i}`);
    }
    const text = lines.join('\r\n');
    const parseMs: number[] = [];
    const matchMs: number[] = [];
    const cpuMs: number[] = [];
    let matched = 0;
    for (let r = 0; r < RUNS + 1; r++) {
      let t0 = performance.now();
      parseProxyLines(text);
      const p = performance.now() - t0;
      t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const out = await matchProxyLines(t.ctx, c.id, text);
      const m = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      matched = out.matched.length;
      // The first run warms the JIT and the query plan.
      if (r > 0) {
        parseMs.push(p);
        matchMs.push(m);
        cpuMs.push((cpu.user + cpu.system) / 1000);
      }
    }
    console.log(
      `database: ${t.database.kind}; ${LINES} lines (${(text.length / 1024).toFixed(0)} KiB), ${matched} matched`,
    );
    console.log(`parse only:                 ${stats(parseMs)}`);
    console.log(`parse + match (one query):  ${stats(matchMs)}   target < 200 ms`);
    console.log(
      `  its CPU time in this process: ${stats(cpuMs)}${t.database.kind === 'pglite' ? ' (all of it: PGlite runs here)' : ' (without the server’s share)'}`,
    );
  } finally {
    await t.close();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
