import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { siteQueryKey } from '@/lib/query-client';

type Lang = 'vi' | 'en';
const langOf = (language: string): Lang => (language === 'en' ? 'en' : 'vi');

/** GET /api/tutorial/list?lang */
export function useTutorials(language: string) {
  const lang = langOf(language);
  return useQuery(
    queryOptions({
      queryKey: siteQueryKey('tutorials', lang),
      queryFn: () => api.call('GET /tutorial/list', { query: { lang } }),
    }),
  );
}

/** GET /api/tutorial/detail/:slug?lang */
export function useTutorial(slug: string, language: string) {
  const lang = langOf(language);
  return useQuery(
    queryOptions({
      queryKey: siteQueryKey('tutorial', slug, lang),
      queryFn: () => api.call('GET /tutorial/detail/:slug', { params: { slug }, query: { lang } }),
      retry: false,
    }),
  );
}

/** GET /api/tools/downloads */
export function useDownloads() {
  return useQuery({ queryKey: siteQueryKey('downloads'), queryFn: () => api.call('GET /tools/downloads') });
}

/** GET /api/tools/my-ip: what the server sees of this browser. */
export function useMyIp() {
  return useQuery({
    queryKey: ['tools', 'my-ip'],
    queryFn: () => api.call('GET /tools/my-ip'),
    staleTime: 0,
    gcTime: 0,
  });
}
