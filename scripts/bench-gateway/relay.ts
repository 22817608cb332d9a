// A child of `npm run bench:gateway`: the physical reference, a bare Node TCP relay (no protocol, no
// auth, no metering) piping both ways, one listener per target. Prints one JSON line when ready.
//
// argv[2]: JSON [[listenPort, targetPort], …], targets on 127.0.0.1
import net from 'node:net';

const pairs = JSON.parse(process.argv[2] ?? '[]') as Array<[number, number]>;

function relay(listenPort: number, targetPort: number): Promise<void> {
  const server = net.createServer({ allowHalfOpen: true, noDelay: true }, (client) => {
    const upstream = net.connect({ port: targetPort, host: '127.0.0.1', allowHalfOpen: true, noDelay: true });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: listenPort, host: '127.0.0.1', backlog: 4096 }, resolve);
  });
}

Promise.all(pairs.map(([listen, target]) => relay(listen, target))).then(
  () => process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid })}\n`),
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  },
);
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
