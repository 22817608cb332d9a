import { useMutation } from '@tanstack/react-query';
import type { ZBuyKeyPackageRequest, ZBuyKeyResponse } from '@proxy/contract';
import type { z } from 'zod';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api } from '@/lib/api-client';

export interface BuyKeyPackageInput {
  packageId: string;
  body: z.input<typeof ZBuyKeyPackageRequest>;
  idempotencyKey: string;
}

export function buyKeyPackage({
  packageId,
  body,
  idempotencyKey,
}: BuyKeyPackageInput): Promise<z.infer<typeof ZBuyKeyResponse>> {
  return api.post(`/key/buy-key-package/${packageId}`, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /api/key/buy-key-package/:id */
export function useBuyKeyPackage() {
  const afterPurchase = useRefreshAfterCharge();
  return useMutation({ mutationFn: buyKeyPackage, onSuccess: afterPurchase });
}
