import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bandwidthPriceQueryKey, type TBandwidthPrice } from '@/lib/catalog/get-bandwidth-price';

export function updateBandwidth(body: TBandwidthPrice): Promise<TBandwidthPrice> {
  return api.put('/bandwidth/admin/update', body);
}

/** PUT /api/bandwidth/admin/update: price per extra GB and the most a package may reach. */
export function useUpdateBandwidth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBandwidth,
    onSuccess: (price) => queryClient.setQueryData(bandwidthPriceQueryKey, price),
  });
}
