// `npm run bench:slowloris`: the real server (PGlite, default limits) flooded with BENCH_FLOOD
// (default 2,000) connections from 127.0.0.2 that never finish their request (a third send
// nothing, a third trickle their headers, a third their body, one byte a second), while other
// clients on 127.0.0.1 call `GET /api/user/me` BENCH_CONNECTIONS (default 8) at a time. Prints that
// call's p50/p99 before and during the flood, how many flood connections the server accepted or
// cut on accept, and how long the last accepted one lived (docs/operations.md#slow-clients).
// The embedded gateway runs in the same process: a customer's proxy is fetched through, one request
// at a time, before and during the flood, to show the proxies keep serving while the panel is flooded.
//
// Environment: BENCH_FLOOD, BENCH_CONNECTIONS, BENCH_BASELINE_SECONDS (default 5), and the
// server's own HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, MAX_CONNECTIONS_PER_IP (passed through).
import { randomInt } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { api, createCustomer, creditCustomer, tokenOf } from '../e2e/support/app';
import { startServer, type RunningServer } from '../e2e/support/server';
import { startSmtpSink, type SmtpSink } from '../e2e/support/smtp-sink';

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

interface Proxy {
  host: string;
  port: number;
  username: string;
  password: string;
}

/** A customer with one bought IPv4 proxy on the embedded gateway. */
async function buyProxy(server: RunningServer, mail: SmtpSink): Promise<Proxy> {
  const creds = await createCustomer(server, mail, 'slowloris');
  await creditCustomer(server, creds.email, 500_000);
  const token = await tokenOf(server, creds);
  const bought = await api(server, 'POST', '/api/v4-proxy/buy-retail', {
    token,
    body: { country: 'US', quantity: 1, period: { unit: 'day', value: 1 } },
  });
  if (bought.status !== 200) {
    throw new Error(`buy-retail: ${bought.status} ${JSON.stringify(bought.body)}`);
  }
  const list = await api<{ items: Proxy[] }>(server, 'GET', '/api/v4-proxy/list-proxy-me', { token });
  const proxy = list.body.items[0];
  if (!proxy) {
    throw new Error('the bought proxy is not listed');
  }
  return proxy;
}

/** A plain HTTP request forwarded by the proxy to `target`; resolves true on the target's 200. */
function throughProxy(proxy: Proxy, target: string): Promise<boolean> {
  const auth = Buffer.from(`${proxy.username}:${proxy.password}`).toString('base64');
  return new Promise((resolve) => {
    const req = request(
      { host: proxy.host, port: proxy.port, path: target, headers: { 'proxy-authorization': `Basic ${auth}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      },
    );
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** Fetches through the proxy, one request at a time, until `done()`; latencies and failures. */
async function measureProxy(proxy: Proxy, target: string, done: () => boolean) {
  const latencies: number[] = [];
  let failures = 0;
  while (!done()) {
    const started = performance.now();
    if (!(await throughProxy(proxy, target))) {
      failures++;
    }
    latencies.push(performance.now() - started);
  }
  return summarize(latencies, failures);
}

function summarize(latencies: number[], failures: number) {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { count: latencies.length, p50: at(0.5), p99: at(0.99), failures };
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
  return summarize(latencies, failures);
}

async function main(): Promise<void> {
  const passed = Object.fromEntries(
    ['HEADERS_TIMEOUT_MS', 'REQUEST_TIMEOUT_MS', 'MAX_CONNECTIONS_PER_IP'].flatMap((k) =>
      process.env[k] ? [[k, process.env[k]]] : [],
    ),
  );
  // Listener ports below Linux's ephemeral range, so the flood's own sockets cannot take them.
  const portBase = 20_000 + randomInt(0, 100) * 100;
  const mail = await startSmtpSink();
  const server = await startServer({
    smtpUrl: mail.url,
    env: { GATEWAY: 'embedded', GATEWAY_ALLOW_PRIVATE: '1', GATEWAY_PORTS: `${portBase}-${portBase + 99}`, ...passed },
  });
  const target: Server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  try {
    const token = await login(server);
    const proxy = await buyProxy(server, mail);
    // The gateway learns of the purchase from the state feed a moment later.
    const servingBy = Date.now() + 30_000;
    while (!(await throughProxy(proxy, targetUrl))) {
      if (Date.now() > servingBy) {
        throw new Error('the bought proxy did not serve within 30 s');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const baselineEnd = Date.now() + BASELINE_SECONDS * 1_000;
    const [baseline, proxyBaseline] = await Promise.all([
      measure(server, token, () => Date.now() > baselineEnd),
      measureProxy(proxy, targetUrl, () => Date.now() > baselineEnd),
    ]);

    const started = Date.now();
    const flood = await Promise.all(Array.from({ length: FLOOD }, (_, i) => trickle(server.port, i % 3)));
    const opened = Date.now() - started;
    const floodOver = () => flood.every((f) => f.closedAt !== null) || Date.now() - started > FLOOD_LIMIT_MS;
    const [during, proxyDuring] = await Promise.all([
      measure(server, token, floodOver),
      measureProxy(proxy, targetUrl, floodOver),
    ]);
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
    for (const [when, r] of [
      ['before', proxyBaseline],
      ['during', proxyDuring],
    ] as const) {
      console.log(
        `proxy ${when}: ${r.count} requests through the gateway, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, failures ${r.failures}`,
      );
    }
    if (open > 0 || during.failures > 0 || during.p99 >= 250 || proxyDuring.failures > 0 || proxyDuring.count === 0) {
      process.exitCode = 1;
    }
  } finally {
    target.close();
    await server.stop();
    await mail.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
