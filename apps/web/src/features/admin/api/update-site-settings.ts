import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSiteSettings, TSiteSettingsUpdate } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { siteSettingsQueryKey } from './get-site-settings';
import { sitesAdminQueryKey } from './sites-admin';

export function updateSiteSettings(settings: TSiteSettingsUpdate['settings']): Promise<TSiteSettings> {
  return api.put<TSiteSettings>('/setting/admin/update', { settings });
}

/** PUT /api/setting/admin/update {settings}: fields left out are kept. */
export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(siteSettingsQueryKey, settings);
      await queryClient.invalidateQueries({ queryKey: sitesAdminQueryKey });
    },
  });
}
