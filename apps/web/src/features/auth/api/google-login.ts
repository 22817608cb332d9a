import type { TLoginResponse, ZGoogleLoginRequest } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/google with the Google ID token (and the 2FA code once asked for); the caller
 * handles errors.
 */
export function googleLogin(body: z.infer<typeof ZGoogleLoginRequest>): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/auth/google', body);
}
