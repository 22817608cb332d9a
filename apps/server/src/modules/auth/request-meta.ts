import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from './service.js';

/** What the auth calls take from a request: its site, the client's address and user agent. */
export function requestMeta(req: FastifyRequest): RequestMeta {
  return { site: req.site, ip: req.ip, userAgent: req.headers['user-agent'] ?? '' };
}
