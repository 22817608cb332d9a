import { api, type CallBody } from '@/lib/api-client';

/**
 * POST /api/auth/login. A plain call, not a TanStack mutation: the login page's first download
 * does not hold TanStack Query (docs/development.md#the-web-bundle).
 */
export function login(body: CallBody<'POST /auth/login'>) {
  return api.call('POST /auth/login', { body });
}
