import { useMutation } from '@tanstack/react-query';
import type { TBuyRetailRequest, ZBuyResponse } from '@proxy/contract';
import type { z } from 'zod';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';

export type TBuyResponse = z.infer<typeof ZBuyResponse>;

export interface BuyRetailInput {
  product: 'v6' | 'v4';
  body: TBuyRetailRequest;
  /** One per purchase attempt: a repeated request is answered with the first order, charged once. */
  idempotencyKey: string;
}

export function buyRetail({ product, body, idempotencyKey }: BuyRetailInput): Promise<TBuyResponse> {
  return api.post<TBuyResponse>(`/${product}-proxy/buy-retail`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/{v6,v4}-proxy/buy-retail */
export function useBuyRetail() {
  const afterPurchase = useRefreshAfterCharge();
  return useMutation({ mutationFn: buyRetail, onSuccess: afterPurchase });
}
