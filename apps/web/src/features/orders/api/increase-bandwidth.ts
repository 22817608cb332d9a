import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';

export interface IncreaseBandwidthInput {
  id: string;
  bandwidth: number;
}

export function increaseBandwidth({ id, bandwidth }: IncreaseBandwidthInput) {
  return api.call('PUT /order/increase-bandwidth/:id', { params: { id }, body: { bandwidth } });
}

/** PUT /api/order/increase-bandwidth/:id (BANDWIDTH_MAX above the site's maximum). */
export function useIncreaseBandwidth() {
  const refresh = useRefreshAfterCharge();
  return useMutation({ mutationFn: increaseBandwidth, onSuccess: refresh });
}
