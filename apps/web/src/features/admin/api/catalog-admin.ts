import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Product,
  TCreateCountryRequest,
  TCreatePackageRequest,
  TCreateRetailRequest,
  ZDeletePackageResponse,
} from '@proxy/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { TAdminCountry } from './list-admin-countries';
import type { TAdminPackage } from './list-admin-packages';
import type { TAdminRetail } from './list-admin-retail';

/** After any catalogue change, the admin's lists and the shop's (countries, prices, packages) refetch. */
function useInvalidateCatalog() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** POST /api/country/{product}/admin/create */
export function useCreateCountry(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (body: TCreateCountryRequest) => api.post<TAdminCountry[]>(`/country/${product}/admin/create`, body),
    onSuccess: invalidate,
  });
}

/** DELETE /api/country/{product}/admin/delete/:code */
export function useDeleteCountry(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (code: string) => api.delete<TAdminCountry[]>(`/country/${product}/admin/delete/${code}`),
    onSuccess: invalidate,
  });
}

/** PUT /api/country/{product}/admin/update: on sale or not. */
export function useSetCountryEnabled(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (body: { code: string; enabled: boolean }) =>
      api.put<TAdminCountry[]>(`/country/${product}/admin/update`, body),
    onSuccess: invalidate,
  });
}

/** POST /api/{product}-retail/admin/create-retail */
export function useCreateRetail(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (body: TCreateRetailRequest) => api.post<TAdminRetail>(`/${product}-retail/admin/create-retail`, body),
    onSuccess: invalidate,
  });
}

/** DELETE /api/{product}-retail/admin/delete-retail/:id */
export function useDeleteRetail(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/${product}-retail/admin/delete-retail/${id}`),
    onSuccess: invalidate,
  });
}

/** POST /api/{product}-package/admin/create-package */
export function useCreatePackage(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (body: TCreatePackageRequest) =>
      api.post<TAdminPackage>(`/${product}-package/admin/create-package`, body),
    onSuccess: invalidate,
  });
}

/** DELETE /api/{product}-package/admin/delete-package/:id: deleted, or retired when it was sold. */
export function useDeletePackage(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<z.infer<typeof ZDeletePackageResponse>>(`/${product}-package/admin/delete-package/${id}`),
    onSuccess: invalidate,
  });
}
