import type { FastifyRequest } from 'fastify';
import { EMAIL_RE } from '@proxy/contract';
import { AppError } from '../../lib/errors.js';
import type { Site } from '../site/index.js';

/** What the auth calls take from a request. */
export interface RequestMeta {
  site: Site;
  ip: string;
  userAgent: string;
}

/** The request's site, the client's address and its user agent. */
export function requestMeta(req: FastifyRequest): RequestMeta {
  return { site: req.site, ip: req.ip, userAgent: req.headers['user-agent'] ?? '' };
}

// Rate limits per client IP and per account. Windows are fixed, in seconds.
export const LIMITS = {
  loginIp: { max: 30, windowSec: 600 },
  // Sign-in attempts that need no captcha: per address (from anywhere) and per source address.
  // Past them every attempt needs one; nobody is locked out (docs/security.md#sign-in).
  loginFreeAccount: { max: 3, windowSec: 600 },
  loginFreeIp: { max: 10, windowSec: 600 },
  otpIp: { max: 20, windowSec: 3600 },
  otpAccount: { max: 8, windowSec: 3600 },
  registerIp: { max: 10, windowSec: 3600 },
} as const;

export function assertEmail(email: string): void {
  if (!EMAIL_RE.test(email)) {
    throw new AppError('EMAIL_INVALID');
  }
}
