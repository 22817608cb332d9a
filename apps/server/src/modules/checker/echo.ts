import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface EchoService {
  host: string;
  port: number;
  /**
   * The IPv6 loopback on the same port, when `host` is the IPv4 loopback: IPv6 proxies egress from
   * IPv6 addresses and reach only IPv6 destinations, so their checks need an IPv6 target.
   */
  host6: string | null;
  close(): Promise<void>;
}

/** Tries a fresh port pair this many times when `::1` has the IPv4 listener's port taken. */
const PAIR_ATTEMPTS = 8;

/** The address a client connected from, an IPv4-mapped IPv6 address written as the IPv4 one. */
function ipv4Unmapped(remote: string): string {
  return ipaddr.IPv6.isValid(remote) && ipaddr.IPv6.parse(remote).isIPv4MappedAddress()
    ? ipaddr.IPv6.parse(remote).toIPv4Address().toString()
    : remote;
}

function echoServer(): Server {
  const server: Server = createServer((req, res) => {
    const ip = ipv4Unmapped(req.socket.remoteAddress ?? '');
    if (req.method !== 'GET' || req.url !== '/ip') {
      res.writeHead(404, { 'content-length': '0', connection: 'close' }).end();
      return;
    }
    res
      .writeHead(200, {
        'content-type': 'text/plain',
        'content-length': Buffer.byteLength(ip),
        'cache-control': 'no-store',
      })
      .end(ip);
  });
  server.keepAliveTimeout = 1000;
  server.headersTimeout = 5000;
  return server;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.removeListener('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * The proxy checker's target: a tiny HTTP listener, apart from the API, that answers `GET /ip`
 * with the address it was reached from (the proxy's egress). Gateways let proxies reach exactly
 * this address, so checks work end to end without opening the panel's own port to proxy users.
 * On the IPv4 loopback it also listens on `::1`, same port, for IPv6 proxies; a wildcard host
 * (`::`) is dual-stack already and is reached as `::1` by them.
 */
export async function startEcho(host: string, port = 0): Promise<EchoService> {
  const servers: Server[] = [];
  const close = async () => {
    await Promise.all(servers.map(closeServer));
  };
  if (host !== '127.0.0.1') {
    const server = echoServer();
    servers.push(server);
    const bound = await listen(server, host, port);
    const addr = (server.address() as AddressInfo).address;
    return { host: addr, port: bound, host6: host === '::' ? '::1' : null, close };
  }
  for (let attempt = 1; ; attempt++) {
    const v4 = echoServer();
    const bound = await listen(v4, host, port);
    const v6 = echoServer();
    try {
      await listen(v6, '::1', bound);
      servers.push(v4, v6);
      return { host, port: bound, host6: '::1', close };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT' || (code === 'EADDRINUSE' && port !== 0)) {
        // No IPv6 loopback here (or a fixed port taken on ::1 only): IPv4 alone, as before.
        servers.push(v4);
        return { host, port: bound, host6: null, close };
      }
      await closeServer(v4);
      if (attempt >= PAIR_ATTEMPTS) {
        throw err;
      }
    }
  }
}
