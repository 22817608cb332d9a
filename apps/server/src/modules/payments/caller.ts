import type { FastifyRequest } from 'fastify';
import { requestOrigin } from '../../lib/request-origin.js';
import type { PaymentCaller } from './service.js';

/** The customer a top-up call acts for: the site, the origin its return URLs use, the user. */
export function caller(req: FastifyRequest): PaymentCaller {
  return { site: req.site, origin: requestOrigin(req), user: { id: req.user.id, email: req.user.email } };
}
