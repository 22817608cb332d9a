import type { TTopupDetail } from '@proxy/contract';
import { api } from '@/lib/api-client';

/**
 * POST /api/user/complete-paypal-payment {orderId} and /api/user/bytepay-complete-order {orderId}:
 * the provider's order id (PayPal's `token` on the return address) captures and credits the top-up.
 */
export function completeTopup(method: 'paypal' | 'bytepay', orderId: string): Promise<TTopupDetail> {
  const path = method === 'paypal' ? '/user/complete-paypal-payment' : '/user/bytepay-complete-order';
  return api.post<TTopupDetail>(path, { orderId });
}
