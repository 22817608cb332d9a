import { useMutation } from '@tanstack/react-query';
import type { TProxyMatchResponse } from '@proxy/contract';
import { api } from '@/lib/api-client';

/** POST /api/proxy/match {text, withProxies}: which pasted lines are the caller's proxies. */
export function matchProxies(text: string): Promise<TProxyMatchResponse> {
  return api.post<TProxyMatchResponse>('/proxy/match', { text, withProxies: true });
}

export function useMatchProxies() {
  return useMutation({ mutationFn: matchProxies });
}
