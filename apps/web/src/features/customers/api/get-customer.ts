import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/user/admin/detail/:id */
export function useAdminUser(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...queryRoots.admin, 'user', id],
      queryFn: () => api.call('GET /user/admin/detail/:id', { params: { id } }),
    }),
  );
}
