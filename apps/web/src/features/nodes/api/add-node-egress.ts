import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { nodeEgressQueryKey } from './list-node-egress';

/** The node, and one of: IPv4 addresses, an IPv4 CIDR (/20–/32), an IPv6 prefix, or one shared address. */
export type AddNodeEgressInput = { id: string } & CallBody<'POST /sub-server/admin/add-egress/:id'>;

export function addNodeEgress({ id, ...body }: AddNodeEgressInput) {
  return api.call('POST /sub-server/admin/add-egress/:id', { params: { id }, body });
}

/** POST /api/sub-server/admin/add-egress/:id; the answer is the node's groups again. */
export function useAddNodeEgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNodeEgress,
    onSuccess: (groups, { id }) => queryClient.setQueryData(nodeEgressQueryKey(id), groups),
  });
}
