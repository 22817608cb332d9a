// A child of wire.test.ts: a gateway in a process whose `process.binding` throws, as on a Node
// version without the TCP bindings. It relays one CONNECT tunnel to an echo target and prints one
// JSON line: the wire the gateway chose, the log lines it wrote, what came back through the tunnel.
import type { GatewayLogger } from '../node/options.js';

(process as unknown as { binding: (name: string) => never }).binding = (name) => {
  throw new Error(`No such module: ${name}`);
};

const { Gateway } = await import('../node/gateway.js');
const { wireKind } = await import('./wire.js');
const { freePort, httpConnect, makeProxy, startEcho } = await import('../../test/test-utils.js');

const lines: string[] = [];
const logger: GatewayLogger = {
  info: (obj, msg) => lines.push(`${msg} ${JSON.stringify(obj)}`),
  warn: (obj, msg) => lines.push(`${msg} ${JSON.stringify(obj)}`),
  error: (obj, msg) => lines.push(`${msg} ${JSON.stringify(obj)}`),
};
const echo = await startEcho();
const gateways = [1, 2].map(() => new Gateway({ host: '127.0.0.1', allowPrivate: true, logger }));
const gw = gateways[0] as InstanceType<typeof Gateway>;
const proxy = makeProxy({ id: 'p1', port: await freePort() });
await gw.applyFull([proxy], 1);
const t = await httpConnect(proxy.port, `127.0.0.1:${echo.port}`, {
  auth: [proxy.username as string, proxy.password as string],
});
const seenFrom = await t.reader.readLine();
t.reader.socket.write('ping through the fallback');
const back = (await t.reader.readBytes(25)).toString();
t.reader.socket.end();
await t.reader.closed;
for (const g of gateways) {
  await g.close();
}
await echo.close();
process.stdout.write(`${JSON.stringify({ wireKind, status: t.status, seenFrom, back, lines })}\n`);
