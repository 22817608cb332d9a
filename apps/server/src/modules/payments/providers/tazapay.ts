import { AppError } from '../../../lib/errors.js';
import type { Evidence } from '../credit.js';
import { toMinor } from '../money.js';
import { need } from '../settings.js';
import { call, header, hmacSha256, okJson, safeEqual } from './http.js';
import type { PaymentProvider, ProviderEnv } from './types.js';

/**
 * Tazapay v3 checkout: POST /v3/checkout (Basic auth with the API key and secret, amounts in
 * cents), GET /v3/checkout/{id}, POST /v3/checkout/{id}/expire. Webhooks carry a `signature`
 * header: base64 HMAC-SHA256, with the webhook secret, of `${event.id}${rawBody}${event.created_at}`.
 */

interface Checkout {
  id: string;
  url?: string;
  status?: string;
  payment_status?: string;
  amount?: number | string;
  invoice_currency?: string;
  reference_id?: string;
  payin?: string | null;
}

export function tazapaySignature(id: string, rawBody: string, createdAt: string, secret: string): string {
  return hmacSha256(secret, `${id}${rawBody}${createdAt}`).toString('base64');
}

function checkoutEvidence(c: Checkout): Evidence {
  const base = { topupId: c.reference_id, providerOrderId: c.id };
  if (c.payment_status === 'paid') {
    return {
      ...base,
      status: 'paid',
      providerTxnId: c.payin ?? c.id,
      amount: toMinor(c.amount, 0),
      currency: c.invoice_currency ?? null,
      // The checkout belongs to the account whose key created it and whose secret signs: ours.
      payee: null,
    };
  }
  return { ...base, status: c.status === 'expired' ? 'expired' : 'pending' };
}

function tazapayCall(env: ProviderEnv, method: string, path: string, body?: unknown) {
  const auth = Buffer.from(`${need(env.config, 'apiKey')}:${need(env.config, 'apiSecret')}`).toString('base64');
  return call(
    env,
    `${need(env.config, 'baseUrl')}${path}`,
    {
      method,
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    'PAYMENT_ERROR',
  );
}

export const tazapay: PaymentProvider = {
  method: 'tazapay',
  errorCode: 'PAYMENT_ERROR',
  ttlMs: 3600_000,

  async create(env, { topup, user, country }) {
    const back = `${env.baseUrl}/topup/${topup.id}?method=tazapay`;
    const r = await tazapayCall(env, 'POST', '/v3/checkout', {
      invoice_currency: 'USD',
      amount: topup.providerAmount,
      customer_details: { name: user.email.split('@')[0] || user.email, email: user.email, country: country ?? 'VN' },
      transaction_description: topup.content,
      reference_id: topup.id,
      success_url: back,
      cancel_url: `${back}&cancelled=1`,
      webhook_url: `${env.baseUrl}/api/webhook/tazapay`,
      expires_at: topup.expiresAt?.toISOString(),
    });
    const c = okJson<{ status?: string; data?: Checkout }>(r, 'PAYMENT_ERROR', 'tazapay create checkout').data;
    if (!c?.id || !c.url) {
      throw new AppError('PAYMENT_ERROR', { reason: 'tazapay create checkout: no id or url' });
    }
    return { providerOrderId: c.id, instructions: { orderId: c.id, redirectUrl: c.url } };
  },

  async check(env, topup) {
    if (!topup.providerOrderId) {
      return { status: 'pending' };
    }
    const r = await tazapayCall(env, 'GET', `/v3/checkout/${encodeURIComponent(topup.providerOrderId)}`);
    const c = okJson<{ data?: Checkout }>(r, 'PAYMENT_ERROR', 'tazapay get checkout').data;
    return c ? checkoutEvidence(c) : { status: 'pending' };
  },

  async cancel(env, topup) {
    if (topup.providerOrderId) {
      await tazapayCall(env, 'POST', `/v3/checkout/${encodeURIComponent(topup.providerOrderId)}/expire`, {});
    }
  },

  async verifyWebhook(env, req) {
    const event = (req.body ?? {}) as { id?: string; type?: string; created_at?: string | number; data?: Checkout };
    const sig = header(req.headers, 'signature');
    const expected = tazapaySignature(
      String(event.id ?? ''),
      req.rawBody,
      String(event.created_at ?? ''),
      need(env.config, 'webhookSecret'),
    );
    if (!sig || !event.id || !safeEqual(sig, expected)) {
      throw new AppError('PAYMENT_ERROR', { reason: 'tazapay webhook: bad signature' });
    }
    if (!event.data || (event.type !== 'checkout.paid' && event.type !== 'checkout.expired')) {
      return null;
    }
    return checkoutEvidence(event.data);
  },
};
