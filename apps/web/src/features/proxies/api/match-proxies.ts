import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/proxy/match {text, withProxies}: which pasted lines are the caller's proxies. */
export function matchProxies(text: string) {
  return api.call('POST /proxy/match', { body: { text, withProxies: true } });
}

export function useMatchProxies() {
  return useMutation({ mutationFn: matchProxies });
}
