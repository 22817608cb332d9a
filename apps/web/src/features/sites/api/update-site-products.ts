import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { setSiteInfo } from '@/lib/site-info';
import { sitesAdminQueryKey } from '@/lib/query-keys';

export function updateSiteProducts(flags: CallBody<'PUT /site/admin/update-products'>) {
  return api.call('PUT /site/admin/update-products', { body: flags });
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
