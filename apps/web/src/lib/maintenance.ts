import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMaintenance } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { sitesAdminQueryKey } from '@/lib/query-keys';
import { refreshSiteInfo } from '@/lib/site-info';

/** The site's maintenance notice, edited on /admin/config and on the landing CMS's maintenance tab. */
const maintenanceKey = ['admin', 'maintenance'] as const;

export function useAdminMaintenance() {
  return useQuery({ queryKey: maintenanceKey, queryFn: () => api.call('GET /setting/admin/maintenance') });
}

export function useSaveMaintenance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: TMaintenance) => api.call('PUT /setting/admin/maintenance', { body: m }),
    onSuccess: async (m) => {
      qc.setQueryData(maintenanceKey, m);
      await refreshSiteInfo();
      await qc.invalidateQueries({ queryKey: sitesAdminQueryKey });
    },
  });
}
