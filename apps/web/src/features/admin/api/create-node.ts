import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nodesQueryKey } from './list-nodes';

export interface NodeFields {
  name: string;
  host: string;
  portFrom: number;
  portTo: number;
  ipv6Prefix?: string | null;
}

export interface NodeCredentials {
  id: string;
  secret: string;
}

export function createNode(body: NodeFields): Promise<NodeCredentials> {
  return api.post<NodeCredentials>('/sub-server/admin/create', body);
}

/** POST /api/sub-server/admin/create → {id, secret}; the secret is shown once. */
export function useCreateNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodesQueryKey }),
  });
}
