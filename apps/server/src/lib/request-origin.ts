import type { FastifyRequest } from 'fastify';

/** The origin the browser used (scheme and host as the trusted proxy chain reports them). */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}
