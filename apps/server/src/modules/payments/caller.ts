import type { FastifyRequest } from 'fastify';
import { requestOrigin } from '../../lib/request-origin.js';
import type { Site } from '../site/index.js';

/** Who is asking, on which site, from which origin (for provider return and webhook URLs). */
export interface PaymentCaller {
  site: Site;
  origin: string;
  user: { id: string; email: string };
}

/** The customer a top-up call acts for: the site, the origin its return URLs use, the user. */
export function caller(req: FastifyRequest): PaymentCaller {
  return { site: req.site, origin: requestOrigin(req), user: { id: req.user.id, email: req.user.email } };
}
