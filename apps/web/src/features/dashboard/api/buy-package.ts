import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api, type CallBody } from '@/lib/api-client';

export interface BuyPackageInput {
  product: 'v6' | 'v4';
  packageId: string;
  body: CallBody<'POST /v6-proxy/buy-package/:id'>;
  idempotencyKey: string;
}

export function buyPackage({ product, packageId, body, idempotencyKey }: BuyPackageInput) {
  return api.call(`POST /${product}-proxy/buy-package/:id`, {
    params: { id: packageId },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/{v6,v4}-proxy/buy-package/:id (ALREADY_CREATE_PLAN, ALREADY_USE_TRIAL are toasted). */
export function useBuyPackage() {
  const afterPurchase = useRefreshAfterCharge();
  return useMutation({ mutationFn: buyPackage, onSuccess: afterPurchase });
}
