import { useMutation } from '@tanstack/react-query';
import type { ZBuyPackageRequest, ZBuyResponse } from '@proxy/contract';
import type { z } from 'zod';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';

export interface BuyPackageInput {
  product: 'v6' | 'v4';
  packageId: string;
  body: z.input<typeof ZBuyPackageRequest>;
  idempotencyKey: string;
}

export function buyPackage({
  product,
  packageId,
  body,
  idempotencyKey,
}: BuyPackageInput): Promise<z.infer<typeof ZBuyResponse>> {
  return api.post(`/${product}-proxy/buy-package/${packageId}`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/{v6,v4}-proxy/buy-package/:id (ALREADY_CREATE_PLAN, ALREADY_USE_TRIAL are toasted). */
export function useBuyPackage() {
  const afterPurchase = useRefreshAfterCharge();
  return useMutation({ mutationFn: buyPackage, onSuccess: afterPurchase });
}
