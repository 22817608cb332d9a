import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryRoots } from './query-keys';

export interface AuditListParams {
  page: number;
  limit: number;
  proxyId?: string;
  keyId?: string;
}

/** GET /api/audit/list: the caller's trail, newest first (also one proxy's or key's). */
export const auditQueryOptions = (params: AuditListParams) =>
  queryOptions({
    queryKey: [...queryRoots.audit, params],
    queryFn: () => api.call('GET /audit/list', { query: params }),
    placeholderData: keepPreviousData,
  });

export function useAuditList(params: AuditListParams) {
  return useQuery(auditQueryOptions(params));
}

export { auditActionText, auditDetailText } from './audit-text';
