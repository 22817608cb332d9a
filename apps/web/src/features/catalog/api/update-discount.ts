import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { discountTiersQueryKey } from '@/lib/catalog/get-discount-tiers';

export function updateDiscount(body: CallBody<'PUT /discount/admin/update'>) {
  return api.call('PUT /discount/admin/update', { body });
}

/** PUT /api/discount/admin/update: replaces a product's quantity discount tiers. */
export function useUpdateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscount,
    onSuccess: (tiers, { product }) => queryClient.setQueryData(discountTiersQueryKey(product), tiers),
  });
}
