// A child of `npm run bench:gateway`: the real Gateway engine serving two proxies (HTTP and
// SOCKS5) with username/password auth, an egress address every outgoing connection binds, and the
// byte meter counting every chunk and drained into a report every second (the node's report
// cadence, docs/gateway-protocol.md#traffic; acknowledged at once, as a panel that answers), as a
// node serves sold proxies. Prints one JSON line when ready.
//
// argv[2]: JSON {httpPort, socksPort, username, password, egressIp}
// The engine itself, not the package index: that also brings the node client, which needs a panel.
import { Gateway } from '../../apps/gateway/src/node/gateway';

interface Options {
  httpPort: number;
  socksPort: number;
  username: string;
  password: string;
  egressIp: string;
}

async function main(): Promise<void> {
  const o = JSON.parse(process.argv[2] ?? '{}') as Options;
  const gateway = new Gateway({
    host: '127.0.0.1',
    // The targets are local.
    allowPrivate: true,
    // The anti-abuse caps (32 handshakes per client IP, 1,000 tunnels per proxy) would cut the
    // 64-way setup test and the 1,000 idle tunnels short; squid and dante run without such caps.
    limits: { unauthenticatedPerIp: 100_000, connectionsPerProxy: 100_000 },
  });
  const proxy = {
    username: o.username,
    password: o.password,
    authIps: [],
    egressIp: o.egressIp,
    status: 'using' as const,
    bandwidthLimitBytes: null,
    bandwidthUsedBytes: 0,
  };
  await gateway.applyFull(
    [
      { ...proxy, id: 'bench-http', port: o.httpPort, protocol: 'http' },
      { ...proxy, id: 'bench-socks', port: o.socksPort, protocol: 'socks5' },
    ],
    1,
  );
  const stats = gateway.stats();
  if (stats.failedPorts.length > 0) {
    throw new Error(`cannot listen on ${stats.failedPorts.join(', ')}`);
  }
  const stop = () => {
    void gateway.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Metering is on: the meter counts each chunk per proxy and is drained every second like a
  // node's reports; the totals are printed on request for a sanity check.
  const total = new Map<string, { proxyId: string; bytesIn: number; bytesOut: number }>();
  const drain = () => {
    const report = gateway.meter.drain();
    for (const c of report?.counters ?? []) {
      const t = total.get(c.proxyId) ?? { proxyId: c.proxyId, bytesIn: 0, bytesOut: 0 };
      t.bytesIn += c.bytesIn;
      t.bytesOut += c.bytesOut;
      total.set(c.proxyId, t);
    }
    if (report) {
      gateway.meter.ack(report.reportId);
    }
  };
  setInterval(drain, 1000).unref();
  process.on('SIGUSR2', () => {
    drain();
    process.stdout.write(`${JSON.stringify({ meter: [...total.values()] })}\n`);
    total.clear();
  });
  process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
