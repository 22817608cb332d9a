import { api } from '@/lib/api-client';

/**
 * POST /api/user/complete-paypal-payment {orderId} and /api/user/bytepay-complete-order {orderId}:
 * the provider's order id (PayPal's `token` on the return address) captures and credits the top-up.
 */
export function completeTopup(method: 'paypal' | 'bytepay', orderId: string) {
  const key = method === 'paypal' ? 'POST /user/complete-paypal-payment' : 'POST /user/bytepay-complete-order';
  return api.call(key, { body: { orderId } });
}
