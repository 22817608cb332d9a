/**
 * Measures how many outgoing connections one egress address can hold (README "Ephemeral ports").
 *
 *   sudo npx tsx apps/gateway/scripts/egress-ports.ts [ports]
 *
 * Narrows net.ipv4.ip_local_port_range to `ports` ports (default 1000) for the run and restores
 * it afterwards, so exhaustion is reached quickly. Compares the kernel choosing the local port
 * (net.connect with localAddress only, i.e. bind(0) then connect) with the gateway choosing it,
 * against 1 and 3 destinations, and again right after closing everything (TIME_WAIT).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import net, { type Socket } from 'node:net';
import { Gateway } from '../src/node/gateway.js';

const RANGE_FILE = '/proc/sys/net/ipv4/ip_local_port_range';
const EGRESS = '127.0.0.77';
const size = Number(process.argv[2] ?? 1000);

function listen(): Promise<net.Server> {
  const server = net.createServer({ allowHalfOpen: true }, (s) => {
    s.on('error', () => {});
    s.on('end', () => s.end());
    s.resume();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function portOf(server: net.Server): number {
  return (server.address() as net.AddressInfo).port;
}

/** Opens connections round-robin over the destinations until one fails; returns them and the error. */
async function fill(open: (port: number) => Promise<Socket>, ports: number[], max: number) {
  const sockets: Socket[] = [];
  for (;;) {
    for (const port of ports) {
      if (sockets.length >= max) {
        return { sockets, error: 'none (cap reached)' };
      }
      try {
        sockets.push(await open(port));
      } catch (err) {
        return { sockets, error: (err as NodeJS.ErrnoException).code ?? String(err) };
      }
    }
  }
}

async function closeAll(sockets: Socket[]): Promise<void> {
  // Ending first makes this side the active closer, so its ports go to TIME_WAIT, as they do
  // when a tunnel's client leaves first.
  await Promise.all(
    sockets.map(
      (s) => new Promise<void>((resolve) => (s.destroyed ? resolve() : (s.once('close', () => resolve()), s.end()))),
    ),
  );
}

function kernelChosen(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress: EGRESS, allowHalfOpen: true }, () => resolve(s));
    s.once('error', reject);
  });
}

/**
 * The measuring clients' own ports: outside the narrowed range, which the kernel-chosen run has
 * left full of TIME_WAIT (that would stop the clients, not the gateway). A port that some other
 * process holds is skipped.
 */
let clientPort = 50000;

function tunnelOnce(proxyPort: number, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    clientPort = clientPort >= 59999 ? 50000 : clientPort + 1;
    const s = net.connect({ host: '127.0.0.1', port: proxyPort, localAddress: '127.0.0.1', localPort: clientPort });
    s.once('error', reject);
    s.write(
      `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nProxy-Authorization: Basic ${Buffer.from('m:m').toString('base64')}\r\n\r\n`,
    );
    s.once('data', (head: Buffer) => {
      const status = head.toString('latin1', 9, 12);
      if (status === '200') {
        s.resume();
        resolve(s);
      } else {
        s.destroy();
        reject(Object.assign(new Error(`HTTP ${status}`), { code: `HTTP ${status}` }));
      }
    });
  });
}

function viaGateway(proxyPort: number) {
  return async (port: number): Promise<Socket> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await tunnelOnce(proxyPort, port);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (attempt > 20 || (code !== 'EADDRINUSE' && code !== 'EADDRNOTAVAIL')) {
          throw err;
        }
      }
    }
  };
}

async function main(): Promise<void> {
  const original = readFileSync(RANGE_FILE, 'utf8').trim().split(/\s+/).join(' ');
  const from = 40000;
  const to = from + size - 1;
  try {
    writeFileSync(RANGE_FILE, `${from} ${to}`);
  } catch (err) {
    console.error(`Needs root to narrow ${RANGE_FILE} for the run: ${String(err)}`);
    process.exit(1);
  }
  process.once('SIGINT', () => {
    writeFileSync(RANGE_FILE, original);
    process.exit(130);
  });
  const gateway = new Gateway({
    host: '127.0.0.1',
    allowPrivate: true,
    egressPorts: [from, to],
    limits: { connectionsPerProxy: 1_000_000 },
  });
  const targets: net.Server[] = [];
  try {
    targets.push(await listen(), await listen(), await listen());
    const probe = await listen();
    const proxyPort = portOf(probe);
    await new Promise((resolve) => probe.close(resolve));
    await gateway.applyFull([
      {
        id: 'm',
        port: proxyPort,
        protocol: 'http',
        username: 'm',
        password: 'm',
        authIps: [],
        egressIp: EGRESS,
        status: 'using',
        bandwidthLimitBytes: null,
        bandwidthUsedBytes: 0,
      },
    ]);
    console.log(`local port range for the run: ${from}-${to} (${size} ports); egress ${EGRESS}`);
    for (const [label, open] of [
      ['kernel-chosen ports (bind(0))', kernelChosen],
      ['gateway-chosen ports', viaGateway(proxyPort)],
    ] as const) {
      for (const n of [1, 3]) {
        const ports = targets.slice(0, n).map(portOf);
        const first = await fill(open, ports, n * size + 100);
        await closeAll(first.sockets);
        const again = await fill(open, ports, n * size + 100);
        console.log(
          `${label}, ${n} destination(s): ${first.sockets.length} concurrent (then ${first.error}); ` +
            `right after closing them: ${again.sockets.length} (then ${again.error})`,
        );
        await closeAll(again.sockets);
      }
    }
  } finally {
    writeFileSync(RANGE_FILE, original);
    await gateway.close();
    for (const t of targets) {
      t.close();
    }
  }
  process.exit(0);
}

void main();
