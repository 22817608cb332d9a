import { keepPreviousData, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CallAnswer, type CallBody, type CallQuery } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** A supplier as GET /api/supplier/admin/list answers it (the API key is never in it). */
export type TSupplierRow = CallAnswer<'GET /supplier/admin/list'>[number];
export type SupplierCreateBody = CallBody<'POST /supplier/admin/create'>;
export type SupplierUpdateBody = CallBody<'PUT /supplier/admin/update/:id'>;
export type AddLinesBody = CallBody<'POST /supplier/admin/add-lines/:id'>;
export type AddLinesAnswer = CallAnswer<'POST /supplier/admin/add-lines/:id'>;

export type SupplierPageQuery = CallQuery<'GET /supplier/admin/list-page'>;

export const suppliersQueryKey = [...queryRoots.admin, 'suppliers'] as const;
const listKey = [...suppliersQueryKey, 'list'] as const;
const syncKey = [...suppliersQueryKey, 'sync'] as const;

/**
 * GET /api/supplier/admin/list: every supplier of the site, for the routes' source pickers.
 * Refreshed every 30 s, because balances, stock and errors change while the page is open
 * (syncs, purchases, checks).
 */
export function useSuppliers() {
  return useQuery({
    queryKey: listKey,
    queryFn: () => api.call('GET /supplier/admin/list'),
    refetchInterval: 30_000,
  });
}

/** GET /api/supplier/admin/list-page?page&limit&search: the grid's page, refreshed like the list. */
export function useSupplierPage(query: SupplierPageQuery) {
  return useQuery({
    queryKey: [...suppliersQueryKey, 'page', query],
    queryFn: () => api.call('GET /supplier/admin/list-page', { query }),
    placeholderData: keepPreviousData,
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

/**
 * POST /api/supplier/admin/sync/:id → Supplier (balance, countries, stock; a webshare pool). Keyed,
 * so the grid shows every sync in flight wherever it was started (its button, an edit, a route).
 * The lists are refetched even when the call failed: the supplier may have recorded its error.
 */
export function useSyncSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: syncKey,
    mutationFn: (id: string) => api.call('POST /supplier/admin/sync/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}

/** The ids of the suppliers whose sync is running now. */
export function useSyncingIds(): string[] {
  return useMutationState({
    filters: { mutationKey: syncKey, status: 'pending' },
    select: (mutation) => String(mutation.state.variables),
  });
}

/**
 * PUT /api/supplier/admin/update/:id {name?, baseUrl?, apiKey?, status?, safetyMarginHours?}. A new
 * key or base URL is another account: the server asks it for its balance and stock before it
 * answers, so the grid shows the new account's at once.
 */
export function useUpdateSupplier() {
  return useSupplierMutation(({ id, ...body }: SupplierUpdateBody & { id: string }) =>
    api.call('PUT /supplier/admin/update/:id', { params: { id }, body }),
  );
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

/**
 * PUT /api/supplier/admin/route {product, country, sources} → every route; empty sources remove it.
 * The server recounts the stock of each Proxy6 supplier the save put on or took off the route.
 */
export function useSetSupplierRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<'PUT /supplier/admin/route'>) => api.call('PUT /supplier/admin/route', { body }),
    onSuccess: (routes) => {
      queryClient.setQueryData([...suppliersQueryKey, 'routes'], routes);
      // The catalogue's stock and the suppliers' counts follow the route.
      return queryClient.invalidateQueries({ queryKey: queryRoots.admin });
    },
  });
}
