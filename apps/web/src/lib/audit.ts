import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryRoots } from './query-keys';

export interface AuditListParams {
  page: number;
  limit: number;
  proxyId?: string;
  keyId?: string;
  /** An admin's view of this customer's trail (GET /api/audit/admin/list), not the caller's own. */
  userId?: string;
}

/**
 * GET /api/audit/list: the caller's trail, newest first (also one proxy's or key's); with a userId,
 * GET /api/audit/admin/list: that customer's trail, for an admin of their site (the customer page).
 */
export const auditQueryOptions = ({ userId, ...params }: AuditListParams) =>
  queryOptions({
    queryKey: userId === undefined ? [...queryRoots.audit, params] : [...queryRoots.admin, 'audit', userId, params],
    queryFn: () =>
      userId === undefined
        ? api.call('GET /audit/list', { query: params })
        : api.call('GET /audit/admin/list', { query: { ...params, userId } }),
    placeholderData: keepPreviousData,
  });

export function useAuditList(params: AuditListParams) {
  return useQuery(auditQueryOptions(params));
}

export { auditActionText, auditDetailText } from './audit-text';
