import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterCharge } from '@/hooks/use-refresh-after-charge';
import { api, type CallBody } from '@/lib/api-client';

export interface BuyKeyPackageInput {
  packageId: string;
  body: CallBody<'POST /key/buy-key-package/:id'>;
  idempotencyKey: string;
}

export function buyKeyPackage({ packageId, body, idempotencyKey }: BuyKeyPackageInput) {
  return api.call('POST /key/buy-key-package/:id', {
    params: { id: packageId },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/key/buy-key-package/:id */
export function useBuyKeyPackage() {
  const afterPurchase = useRefreshAfterCharge();
  return useMutation({ mutationFn: buyKeyPackage, onSuccess: afterPurchase });
}
