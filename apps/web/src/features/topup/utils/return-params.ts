import { isUuid } from '@proxy/contract';
import type { ReturnAction } from '../hooks/use-payment-return';

/**
 * Perfect Money sends the payer back to fixed addresses (/topup/perfectmoney-success|failed) and,
 * depending on the account's settings, without PAYMENT_ID; the id of the form just posted is kept
 * for the tab's session.
 */
const PM_TOPUP_KEY = 'perfectMoneyTopupId';

export function rememberPerfectMoneyTopup(id: string): void {
  sessionStorage.setItem(PM_TOPUP_KEY, id);
}

export function rememberedPerfectMoneyTopup(): string | null {
  return sessionStorage.getItem(PM_TOPUP_KEY);
}

export function isTopupId(value: string | null | undefined): value is string {
  return typeof value === 'string' && isUuid(value);
}

/**
 * What the return address of a provider asks for (docs/screens.md#routes: "/topup/{id?}",
 * "/confirm-payment/{id?}", "/confirm-local-payment/{id?}"). The providers come back with:
 * PayPal `?token=<order id>` (complete-paypal-payment), `&cancelled=1` when the payer gave up
 * (cancel), anything else with the top-up id (check). Null: nothing to look up.
 */
export function returnActionOf(id: string | undefined, params: URLSearchParams): ReturnAction | null {
  const cancelled = params.get('cancelled') === '1';
  const token = params.get('token');
  const method = params.get('method');
  const topupId = isTopupId(id) ? id : null;
  if (cancelled && topupId) {
    return { kind: 'cancel', id: topupId };
  }
  if (token && (method === 'paypal' || method === null) && !cancelled) {
    return { kind: 'complete', method: 'paypal', orderId: token };
  }
  if (topupId) {
    return { kind: 'check', id: topupId };
  }
  const orderId = params.get('orderId');
  if (orderId && method === 'bytepay') {
    return { kind: 'complete', method: 'bytepay', orderId };
  }
  return null;
}
