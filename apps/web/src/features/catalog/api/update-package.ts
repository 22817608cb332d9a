import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api, type CallBody } from '@/lib/api-client';
import { packagesQueryKey } from '@/lib/catalog/get-packages';
import { adminPackagesQueryKey } from './list-admin-packages';

export interface UpdatePackageInput {
  product: Product;
  id: string;
  body: CallBody<'PUT /v6-package/admin/update-package/:id'>;
}

export function updatePackage({ product, id, body }: UpdatePackageInput) {
  return api.call(`PUT /${product}-package/admin/update-package/:id`, { params: { id }, body });
}

/** PUT /api/{product}-package/admin/update-package/:id */
export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePackage,
    onSuccess: (_data, { product }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPackagesQueryKey(product) }),
        queryClient.invalidateQueries({ queryKey: packagesQueryKey(product) }),
      ]),
  });
}
