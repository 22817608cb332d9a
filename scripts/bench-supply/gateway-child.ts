// A child of `npm run bench:supply`: the real Gateway engine serving the proxies given in argv[2]
// (JSON: an array of ZGatewayProxy), with the meter drained every second as a node does. Its own
// process, so the bench reads the gateway's CPU alone. Prints one JSON line when ready.
// The engine itself, not the package index: that also brings the node client, which needs a panel.
import type { TGatewayProxy } from '@proxy/contract';
import { Gateway } from '../../apps/gateway/src/node/gateway';

async function main(): Promise<void> {
  const proxies = JSON.parse(process.argv[2] ?? '[]') as TGatewayProxy[];
  const gateway = new Gateway({
    host: '127.0.0.1',
    // The targets and the upstreams are local.
    allowPrivate: true,
    // The anti-abuse caps would cut the 64-way tunnel run short.
    limits: { unauthenticatedPerIp: 100_000, connectionsPerProxy: 100_000 },
  });
  await gateway.applyFull(proxies, 1);
  if (gateway.stats().failedPorts.length > 0) {
    throw new Error(`cannot listen on ${gateway.stats().failedPorts.join(', ')}`);
  }
  setInterval(() => {
    const report = gateway.meter.drain();
    if (report !== null) {
      gateway.meter.ack(report.reportId);
    }
  }, 1000).unref();
  const stop = () => void gateway.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
