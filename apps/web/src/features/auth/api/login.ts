import type { TLoginRequest, TLoginResponse } from '@proxy/contract';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/login. A plain call, not a TanStack mutation: the login page's first download
 * does not hold TanStack Query (issue 15).
 */
export function login(body: TLoginRequest): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/auth/login', body);
}
