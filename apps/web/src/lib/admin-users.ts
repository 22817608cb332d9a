import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export interface UserListParams {
  page: number;
  limit: number;
  search: string;
}

export function listUsers(params: UserListParams) {
  return api.call('GET /user/admin/get-all-user', { query: params });
}

export const usersQueryKey = [...queryRoots.admin, 'users'] as const;

/** GET /api/user/admin/get-all-user (paged, the site's customers). */
export function useUsers(params: UserListParams) {
  return useQuery(
    queryOptions({
      queryKey: [...usersQueryKey, params],
      queryFn: () => listUsers(params),
      placeholderData: keepPreviousData,
    }),
  );
}

export function listAdmins(params: UserListParams) {
  return api.call('GET /user/admin/get-all-admin', { query: params });
}

export const adminsQueryKey = [...queryRoots.admin, 'admins'] as const;

/** GET /api/user/admin/get-all-admin (paged, the site's owners and site admins). */
export function useAdmins(params: UserListParams, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...adminsQueryKey, params],
      queryFn: () => listAdmins(params),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
