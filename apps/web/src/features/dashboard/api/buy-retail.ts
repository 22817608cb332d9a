import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api, type CallAnswer, type CallBody } from '@/lib/api-client';

export type TBuyResponse = CallAnswer<'POST /v6-proxy/buy-retail'>;

export interface BuyRetailInput {
  product: 'v6' | 'v4';
  body: CallBody<'POST /v6-proxy/buy-retail'>;
  /** One per purchase attempt: a repeated request is answered with the first order, charged once. */
  idempotencyKey: string;
}

export function buyRetail({ product, body, idempotencyKey }: BuyRetailInput) {
  return api.call(`POST /${product}-proxy/buy-retail`, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/{v6,v4}-proxy/buy-retail */
export function useBuyRetail() {
  const afterPurchase = useRefreshAfterCharge();
  return useMutation({ mutationFn: buyRetail, onSuccess: afterPurchase });
}
