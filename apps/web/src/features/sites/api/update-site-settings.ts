import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { sitesAdminQueryKey } from '@/lib/query-keys';
import { siteSettingsQueryKey } from './get-site-settings';

export function updateSiteSettings(settings: CallBody<'PUT /setting/admin/update'>['settings']) {
  return api.call('PUT /setting/admin/update', { body: { settings } });
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
