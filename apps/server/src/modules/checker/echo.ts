import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoService {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The proxy checker's target: a tiny HTTP listener, apart from the API, that answers `GET /ip`
 * with the address it was reached from (the proxy's egress). Gateways let proxies reach exactly
 * this address, so checks work end to end without opening the panel's own port to proxy users.
 */
export async function startEcho(host: string, port = 0): Promise<EchoService> {
  const server: Server = createServer((req, res) => {
    const ip = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const addr = server.address() as AddressInfo;
  return {
    host: addr.address,
    port: addr.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
