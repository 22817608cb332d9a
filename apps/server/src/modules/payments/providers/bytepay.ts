import { z } from 'zod';
import { AppError } from '../../../lib/errors.js';
import type { Evidence } from '../credit.js';
import { formatMinor, toMinor } from '../money.js';
import { need } from '../settings.js';
import { call, canonicalJson, header, hmacSha256, okJson, safeEqual } from './http.js';
import type { PaymentProvider, ProviderEnv } from './types.js';

/**
 * bytepay, a crypto payment gateway modelled on NOWPayments' invoice API:
 *   POST {base}/v1/orders          (x-api-key) {order_id, price_amount, price_currency, ipn_callback_url, success_url, cancel_url}
 *   GET  {base}/v1/orders/{id}     (x-api-key)
 *   POST {base}/v1/orders/{id}/cancel
 * Order: {id, order_id, merchant_id, status: waiting|confirming|finished|failed|expired|cancelled,
 *         price_amount, price_currency, payment_id, pay_url}.
 * IPN: the order object POSTed to ipn_callback_url with `x-bytepay-signature` = hex
 * HMAC-SHA256(IPN secret, the body as JSON with keys sorted at every level, no whitespace) — the
 * NOWPayments scheme, with SHA-256 instead of SHA-512.
 */

interface BytepayOrder {
  id: string;
  order_id?: string;
  merchant_id?: string;
  status?: string;
  price_amount?: string | number;
  price_currency?: string;
  payment_id?: string | null;
  pay_url?: string;
}

/** The fields of an IPN we read; the signature still covers the whole body. */
const ZIpn = z.looseObject({
  id: z.string().min(1),
  order_id: z.string().optional(),
  merchant_id: z.string().optional(),
  status: z.string().optional(),
  price_amount: z.union([z.string(), z.number()]).optional(),
  price_currency: z.string().optional(),
  payment_id: z.string().nullable().optional(),
  pay_url: z.string().optional(),
});

export function bytepaySignature(body: unknown, secret: string): string {
  return hmacSha256(secret, canonicalJson(body)).toString('hex');
}

function orderEvidence(o: BytepayOrder): Evidence {
  const base = { topupId: o.order_id, providerOrderId: o.id };
  switch (o.status) {
    case 'finished':
      return {
        ...base,
        status: 'paid',
        providerTxnId: o.payment_id ?? o.id,
        amount: toMinor(o.price_amount, 2),
        currency: o.price_currency ?? null,
        payee: o.merchant_id ?? null,
      };
    case 'failed':
      return { ...base, status: 'failed' };
    case 'expired':
      return { ...base, status: 'expired' };
    case 'cancelled':
      return { ...base, status: 'cancelled' };
    default:
      return { ...base, status: 'pending' };
  }
}

function bytepayCall(env: ProviderEnv, method: string, path: string, body?: unknown) {
  return call(
    env,
    `${need(env.config, 'baseUrl')}${path}`,
    {
      method,
      headers: { 'x-api-key': need(env.config, 'apiKey'), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    'PAYMENT_ERROR',
  );
}

export const bytepay: PaymentProvider = {
  method: 'bytepay',
  errorCode: 'PAYMENT_ERROR',
  ttlMs: 3600_000,

  async create(env, { topup }) {
    const back = `${env.baseUrl}/topup/${topup.id}?method=bytepay`;
    const r = await bytepayCall(env, 'POST', '/v1/orders', {
      order_id: topup.id,
      price_amount: formatMinor(topup.providerAmount, 2),
      price_currency: 'USD',
      order_description: topup.content,
      ipn_callback_url: `${env.baseUrl}/api/webhook/bytepay`,
      success_url: back,
      cancel_url: `${back}&cancelled=1`,
    });
    const o = okJson<BytepayOrder>(r, 'PAYMENT_ERROR', 'bytepay create order');
    if (!o.id || !o.pay_url) {
      throw new AppError('PAYMENT_ERROR', { reason: 'bytepay create order: no id or pay_url' });
    }
    return {
      providerOrderId: o.id,
      payee: o.merchant_id ?? null,
      instructions: { orderId: o.id, redirectUrl: o.pay_url },
    };
  },

  async check(env, topup) {
    if (!topup.providerOrderId) {
      return { status: 'pending' };
    }
    const r = await bytepayCall(env, 'GET', `/v1/orders/${encodeURIComponent(topup.providerOrderId)}`);
    return orderEvidence(okJson<BytepayOrder>(r, 'PAYMENT_ERROR', 'bytepay get order'));
  },

  async cancel(env, topup) {
    if (topup.providerOrderId) {
      await bytepayCall(env, 'POST', `/v1/orders/${encodeURIComponent(topup.providerOrderId)}/cancel`, {});
    }
  },

  async verifyWebhook(env, req) {
    // Only an order object is an IPN: no body, null, an array or mistyped fields are refused alike.
    const ipn = ZIpn.safeParse(req.body);
    if (!ipn.success) {
      throw new AppError('PAYMENT_ERROR', { reason: 'bytepay ipn: not an order' });
    }
    const sig = header(req.headers, 'x-bytepay-signature');
    const expected = bytepaySignature(req.body, need(env.config, 'ipnSecret'));
    if (!sig || !safeEqual(sig.toLowerCase(), expected)) {
      throw new AppError('PAYMENT_ERROR', { reason: 'bytepay ipn: bad signature' });
    }
    return orderEvidence(ipn.data);
  },
};
