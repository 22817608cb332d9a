import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export function getSiteSettings() {
  return api.call('GET /setting/admin/list');
}

export const siteSettingsQueryKey = [...queryRoots.admin, 'site-settings'] as const;

/** GET /api/setting/admin/list: the settings of the admin's own site (the lock period). */
export const siteSettingsQueryOptions = queryOptions({ queryKey: siteSettingsQueryKey, queryFn: getSiteSettings });

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions);
}
