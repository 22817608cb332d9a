import { isIPv6, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import ipaddr from 'ipaddr.js';
import { Counter } from 'prom-client';
import type { Config } from '../config.js';

/*
 * The panel listener's defences against slow and piled-up connections (docs/operations.md#slow-clients).
 * A client that trickles its headers or body is answered 408 and cut once HEADERS_TIMEOUT_MS /
 * REQUEST_TIMEOUT_MS have passed since its request began; one source address holds at most
 * MAX_CONNECTIONS_PER_IP open connections, so a single host cannot use up the process's file
 * descriptors (which the embedded gateway, the database pool and the payment jobs share).
 */

/** How often Node looks for requests past their time: a fraction of the bound, at most 1 s late. */
function checkingInterval(headersTimeoutMs: number): number {
  return Math.max(50, Math.min(1_000, Math.floor(headersTimeoutMs / 4)));
}

/** The Fastify options that bound the time to receive a request. */
export function requestTimeouts(config: Pick<Config, 'HEADERS_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS'>) {
  // Node refuses a headers bound past the whole request's.
  const headersTimeout = Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS);
  return {
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: { headersTimeout, connectionsCheckingInterval: checkingInterval(headersTimeout) },
  };
}

/**
 * Whose connection this is: the IPv4 address (also when the dual-stack listener shows it
 * IPv4-mapped), or an IPv6 address's /64, since one host commonly holds a whole /64.
 */
export function connectionSource(ip: string): string {
  if (!isIPv6(ip)) {
    return ip;
  }
  const addr = ipaddr.IPv6.parse(ip);
  if (addr.isIPv4MappedAddress()) {
    return addr.toIPv4Address().toString();
  }
  return `${addr.parts
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** Cuts a source's connections beyond MAX_CONNECTIONS_PER_IP as soon as they are accepted. */
export function registerConnectionGuard(app: FastifyInstance): void {
  const max = app.ctx.config.MAX_CONNECTIONS_PER_IP;
  const refused = new Counter({
    name: 'panel_connections_refused_total',
    help: 'Connections cut on accept because their source address already had MAX_CONNECTIONS_PER_IP open',
    registers: [app.metrics.registry],
  });
  if (max <= 0) {
    return;
  }
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const source = connectionSource(socket.remoteAddress ?? '');
    const count = (open.get(source) ?? 0) + 1;
    if (count > max) {
      refused.inc();
      socket.destroy();
      return;
    }
    open.set(source, count);
    socket.once('close', () => {
      const left = (open.get(source) ?? 1) - 1;
      if (left > 0) {
        open.set(source, left);
      } else {
        open.delete(source);
      }
    });
  });
}
