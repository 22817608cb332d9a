import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, TRetailPrice, ZUpdateRetailRequest } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { retailPricesQueryKey } from '@/lib/catalog/get-retail-prices';
import { adminRetailQueryKey } from './list-admin-retail';

export interface UpdateRetailInput {
  product: Product;
  id: string;
  body: z.infer<typeof ZUpdateRetailRequest>;
}

export function updateRetail({ product, id, body }: UpdateRetailInput): Promise<TRetailPrice> {
  return api.put(`/${product}-retail/admin/update-retail/${id}`, body);
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
