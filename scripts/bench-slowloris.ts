// `npm run bench:slowloris`: the real server (PGlite, default limits) flooded with BENCH_FLOOD
// (default 2,000) connections from 127.0.0.2 that never finish their request (a third send
// nothing, a third trickle their headers, a third their body, one byte a second), while other
// clients on 127.0.0.1 call `GET /api/user/me` BENCH_CONNECTIONS (default 8) at a time. Prints that
// call's p50/p99 before and during the flood, how many flood connections the server accepted or
// cut on accept, and how long the last accepted one lived (docs/operations.md#slow-clients).
//
// Environment: BENCH_FLOOD, BENCH_CONNECTIONS, BENCH_BASELINE_SECONDS (default 5), and the
// server's own HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, MAX_CONNECTIONS_PER_IP (passed through).
import { connect, type Socket } from 'node:net';
import { startServer, type RunningServer } from '../e2e/support/server';

const FLOOD = Number(process.env.BENCH_FLOOD ?? 2_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 5);
/** The bound: every trickling connection is gone within a minute. */
const FLOOD_LIMIT_MS = 60_000;
const FLOOD_SOURCE = '127.0.0.2';

interface Trickler {
  openedAt: number;
  closedAt: number | null;
  answered: boolean;
}

function trickle(port: number, kind: number): Promise<Trickler> {
  return new Promise((resolve) => {
    const t: Trickler = { openedAt: Date.now(), closedAt: null, answered: false };
    const socket: Socket = connect({ host: '127.0.0.1', port, localAddress: FLOOD_SOURCE });
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      t.openedAt = Date.now();
      if (kind === 1) {
        socket.write('GET /api/user/me HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      } else if (kind === 2) {
        socket.write('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n{');
      }
      if (kind !== 0) {
        timer = setInterval(() => socket.writable && socket.write('a'), 1_000);
      }
      resolve(t);
    });
    socket.on('data', () => {
      t.answered = true;
    });
    socket.on('error', () => {
      resolve(t);
    });
    socket.on('close', () => {
      clearInterval(timer);
      t.closedAt ??= Date.now();
    });
  });
}

async function login(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.adminEmail, password: server.adminPassword }),
  });
  const body = (await res.json()) as { tokens?: { accessToken?: string } };
  if (!res.ok || !body.tokens?.accessToken) {
    throw new Error(`login failed: ${res.status}`);
  }
  return body.tokens.accessToken;
}

/** Calls user/me with `CONNECTIONS` callers until `done()`; the latencies in ms and the failures. */
async function measure(server: RunningServer, token: string, done: () => boolean) {
  const latencies: number[] = [];
  let failures = 0;
  const caller = async () => {
    while (!done()) {
      const started = performance.now();
      try {
        const res = await fetch(`${server.baseUrl}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) {
          failures++;
        }
      } catch {
        failures++;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, caller));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { count: latencies.length, p50: at(0.5), p99: at(0.99), failures };
}

async function main(): Promise<void> {
  const passed = Object.fromEntries(
    ['HEADERS_TIMEOUT_MS', 'REQUEST_TIMEOUT_MS', 'MAX_CONNECTIONS_PER_IP'].flatMap((k) =>
      process.env[k] ? [[k, process.env[k]]] : [],
    ),
  );
  const server = await startServer({ env: { DEMO: '0', ...passed } });
  try {
    const token = await login(server);
    const baselineEnd = Date.now() + BASELINE_SECONDS * 1_000;
    const baseline = await measure(server, token, () => Date.now() > baselineEnd);

    const started = Date.now();
    const flood = await Promise.all(Array.from({ length: FLOOD }, (_, i) => trickle(server.port, i % 3)));
    const opened = Date.now() - started;
    const during = await measure(
      server,
      token,
      () => flood.every((f) => f.closedAt !== null) || Date.now() - started > FLOOD_LIMIT_MS,
    );
    const open = flood.filter((f) => f.closedAt === null).length;
    const accepted = flood.filter((f) => f.answered);
    const longest = Math.max(0, ...flood.map((f) => (f.closedAt ?? Date.now()) - f.openedAt));
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(`flood: ${FLOOD} connections from ${FLOOD_SOURCE}, opened in ${opened} ms`);
    console.log(`  answered 408 and cut: ${accepted.length}; cut on accept: ${FLOOD - accepted.length - open}`);
    console.log(
      `  still open after ${FLOOD_LIMIT_MS / 1_000} s: ${open}; longest lived: ${(longest / 1_000).toFixed(1)} s`,
    );
    console.log(
      `user/me before: ${baseline.count} calls, p50 ${ms(baseline.p50)}, p99 ${ms(baseline.p99)}, failures ${baseline.failures}`,
    );
    console.log(
      `user/me during: ${during.count} calls, p50 ${ms(during.p50)}, p99 ${ms(during.p99)}, failures ${during.failures}`,
    );
    if (open > 0 || during.failures > 0 || during.p99 >= 250) {
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
