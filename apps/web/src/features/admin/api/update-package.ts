import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ZUpdatePackageRequest } from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { packagesQueryKey } from '@/lib/catalog/get-packages';
import { adminPackagesQueryKey, type TAdminPackage } from './list-admin-packages';

export interface UpdatePackageInput {
  product: Product;
  id: string;
  body: z.infer<typeof ZUpdatePackageRequest>;
}

export function updatePackage({ product, id, body }: UpdatePackageInput): Promise<TAdminPackage> {
  return api.put(`/${product}-package/admin/update-package/${id}`, body);
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
