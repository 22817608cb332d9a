import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CallAnswer, type CallBody } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** A supplier as GET /api/supplier/admin/list answers it (the API key is never in it). */
export type TSupplierRow = CallAnswer<'GET /supplier/admin/list'>[number];
export type SupplierCreateBody = CallBody<'POST /supplier/admin/create'>;
export type SupplierUpdateBody = CallBody<'PUT /supplier/admin/update/:id'>;
export type AddLinesBody = CallBody<'POST /supplier/admin/add-lines/:id'>;
export type AddLinesAnswer = CallAnswer<'POST /supplier/admin/add-lines/:id'>;

export const suppliersQueryKey = [...queryRoots.admin, 'suppliers'] as const;

/**
 * GET /api/supplier/admin/list: the site's suppliers (a handful, not paged). Refreshed every 30 s,
 * because balances, stock and errors change while the page is open (syncs, purchases, checks).
 */
export function useSuppliers() {
  return useQuery({
    queryKey: [...suppliersQueryKey, 'list'],
    queryFn: () => api.call('GET /supplier/admin/list'),
    refetchInterval: 30_000,
  });
}

/**
 * A supplier change also changes what the routes can name, and the catalogue's stock: every
 * admin query under the suppliers key is refetched.
 */
function useSupplierMutation<V, R>(fn: (v: V) => Promise<R>, silentError = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { silentError },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}

/** POST /api/supplier/admin/create → Supplier. */
export function useCreateSupplier() {
  return useSupplierMutation((body: SupplierCreateBody) => api.call('POST /supplier/admin/create', { body }));
}

/** PUT /api/supplier/admin/update/:id {name?, baseUrl?, apiKey?, status?, safetyMarginHours?}. */
export function useUpdateSupplier() {
  return useSupplierMutation(({ id, ...body }: SupplierUpdateBody & { id: string }) =>
    api.call('PUT /supplier/admin/update/:id', { params: { id }, body }),
  );
}

/** POST /api/supplier/admin/sync/:id → Supplier (balance, countries, stock; a webshare pool). */
export function useSyncSupplier() {
  return useSupplierMutation((id: string) => api.call('POST /supplier/admin/sync/:id', { params: { id } }));
}

/** POST /api/supplier/admin/add-lines/:id → {added, duplicates, invalid, reasons} (kind `list`). */
export function useAddSupplierLines() {
  return useSupplierMutation(({ id, ...body }: AddLinesBody & { id: string }) =>
    api.call('POST /supplier/admin/add-lines/:id', { params: { id }, body }),
  );
}

/**
 * DELETE /api/supplier/admin/delete/:id. Silent: the dialog itself says why a supplier in use
 * (409 SUPPLIER_IN_USE) cannot go, next to the button that was pressed.
 */
export function useDeleteSupplier() {
  return useSupplierMutation((id: string) => api.call('DELETE /supplier/admin/delete/:id', { params: { id } }), true);
}

/** GET /api/supplier/admin/routes: who serves each product and country, in order. */
export function useSupplierRoutes() {
  return useQuery({
    queryKey: [...suppliersQueryKey, 'routes'],
    queryFn: () => api.call('GET /supplier/admin/routes'),
  });
}

/** PUT /api/supplier/admin/route {product, country, sources} → every route; empty sources remove it. */
export function useSetSupplierRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<'PUT /supplier/admin/route'>) => api.call('PUT /supplier/admin/route', { body }),
    onSuccess: (routes) => {
      queryClient.setQueryData([...suppliersQueryKey, 'routes'], routes);
      // The catalogue's stock counts every source of a route.
      return queryClient.invalidateQueries({ queryKey: queryRoots.admin });
    },
  });
}
