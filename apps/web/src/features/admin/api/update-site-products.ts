import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSiteInfo, TSiteProductsUpdate } from '@proxy/contract';
import { api } from '@/lib/api-client';
import { setSiteInfo } from '@/lib/site-info';
import { sitesAdminQueryKey } from './sites-admin';

export function updateSiteProducts(flags: TSiteProductsUpdate): Promise<TSiteInfo> {
  return api.put<TSiteInfo>('/site/admin/update-products', flags);
}

/** PUT /api/site/admin/update-products: the site's product categories; the menus and dashboard follow at once. */
export function useUpdateSiteProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteProducts,
    onSuccess: async (info) => {
      setSiteInfo(info);
      // The change history on /admin/config shows the change.
      await queryClient.invalidateQueries({ queryKey: sitesAdminQueryKey });
    },
  });
}
