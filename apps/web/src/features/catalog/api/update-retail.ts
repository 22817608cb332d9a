import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api, type CallBody } from '@/lib/api-client';
import { retailPricesQueryKey } from '@/lib/catalog/get-retail-prices';
import { adminRetailQueryKey } from './list-admin-retail';

export interface UpdateRetailInput {
  product: Product;
  id: string;
  body: CallBody<'PUT /v6-retail/admin/update-retail/:id'>;
}

export function updateRetail({ product, id, body }: UpdateRetailInput) {
  return api.call(`PUT /${product}-retail/admin/update-retail/:id`, { params: { id }, body });
}

/** PUT /api/{product}-retail/admin/update-retail/:id */
export function useUpdateRetail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRetail,
    onSuccess: (_data, { product }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminRetailQueryKey(product) }),
        queryClient.invalidateQueries({ queryKey: retailPricesQueryKey(product) }),
      ]),
  });
}
