import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';

export interface ChangeCountryInput {
  id: string;
  country: string;
}

export function changeCountry({ id, country }: ChangeCountryInput) {
  return api.call('PUT /order/change-country/:id', { params: { id }, body: { country } });
}

/** PUT /api/order/change-country/:id: the order's proxies take egress addresses of another country. */
export function useChangeCountry() {
  const refresh = useRefreshAfterCharge();
  return useMutation({ mutationFn: changeCountry, onSuccess: refresh });
}
