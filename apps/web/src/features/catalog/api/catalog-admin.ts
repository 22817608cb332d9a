import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@proxy/contract';
import { api, type CallBody } from '@/lib/api-client';

/** After any catalogue change, the admin's lists and the shop's (countries, prices, packages) refetch. */
function useInvalidateCatalog() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** POST /api/country/{product}/admin/create */
export function useCreateCountry(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (body: CallBody<'POST /country/v6/admin/create'>) =>
      api.call(`POST /country/${product}/admin/create`, { body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/country/{product}/admin/delete/:code */
export function useDeleteCountry(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (code: string) => api.call(`DELETE /country/${product}/admin/delete/:code`, { params: { code } }),
    onSuccess: invalidate,
  });
}

/** PUT /api/country/{product}/admin/update: on sale or not. */
export function useSetCountryEnabled(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (body: CallBody<'PUT /country/v6/admin/update'>) =>
      api.call(`PUT /country/${product}/admin/update`, { body }),
    onSuccess: invalidate,
  });
}

/** POST /api/{product}-retail/admin/create-retail */
export function useCreateRetail(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (body: CallBody<'POST /v6-retail/admin/create-retail'>) =>
      api.call(`POST /${product}-retail/admin/create-retail`, { body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/{product}-retail/admin/delete-retail/:id */
export function useDeleteRetail(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (id: string) => api.call(`DELETE /${product}-retail/admin/delete-retail/:id`, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** POST /api/{product}-package/admin/create-package */
export function useCreatePackage(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (body: CallBody<'POST /v6-package/admin/create-package'>) =>
      api.call(`POST /${product}-package/admin/create-package`, { body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/{product}-package/admin/delete-package/:id: deleted, or retired when it was sold. */
export function useDeletePackage(product: Product) {
  const invalidate = useInvalidateCatalog();
  return useMutation({
    mutationFn: (id: string) => api.call(`DELETE /${product}-package/admin/delete-package/:id`, { params: { id } }),
    onSuccess: invalidate,
  });
}
