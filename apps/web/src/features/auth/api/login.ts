import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TLoginResponse } from '@proxy/contract';
import { api } from '@/lib/api-client';

export function login(body: TLoginRequest): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/auth/login', body);
}

/** POST /api/auth/login */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
