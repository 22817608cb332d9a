import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSiteSettings } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export function getSiteSettings(): Promise<TSiteSettings> {
  return api.get<TSiteSettings>('/setting/admin/list');
}

export const siteSettingsQueryKey = [...queryRoots.admin, 'site-settings'] as const;

/** GET /api/setting/admin/list: the settings of the admin's own site (the lock period). */
export const siteSettingsQueryOptions = queryOptions({ queryKey: siteSettingsQueryKey, queryFn: getSiteSettings });

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions);
}
