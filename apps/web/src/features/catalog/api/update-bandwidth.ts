import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type CallBody } from '@/lib/api-client';
import { bandwidthPriceQueryKey } from '@/lib/catalog/get-bandwidth-price';

export function updateBandwidth(body: CallBody<'PUT /bandwidth/admin/update'>) {
  return api.call('PUT /bandwidth/admin/update', { body });
}

/** PUT /api/bandwidth/admin/update: price per extra GB and the most a package may reach. */
export function useUpdateBandwidth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBandwidth,
    onSuccess: (price) => queryClient.setQueryData(bandwidthPriceQueryKey, price),
  });
}
