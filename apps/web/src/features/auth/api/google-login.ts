import { api, type CallBody } from '@/lib/api-client';

/**
 * POST /api/auth/google with the Google ID token (and the 2FA code once asked for); the caller
 * handles errors.
 */
export function googleLogin(body: CallBody<'POST /auth/google'>) {
  return api.call('POST /auth/google', { body });
}
