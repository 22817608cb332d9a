import { AppError } from '../../../lib/errors.js';
import type { Evidence } from '../credit.js';
import { need } from '../settings.js';
import { call, header, hmacSha256, okJson, safeEqual } from './http.js';
import type { PaymentProvider, ProviderEnv } from './types.js';

/**
 * Card payments through Stripe Checkout: a Checkout Session created with a form-encoded POST,
 * webhooks signed `Stripe-Signature: t=…,v1=…` (HMAC-SHA256 of `${t}.${rawBody}` with the
 * endpoint secret, 300 s tolerance), and the session read back for "check".
 */

export const STRIPE_TOLERANCE_SEC = 300;

interface Session {
  id: string;
  object?: string;
  url?: string | null;
  status?: 'open' | 'complete' | 'expired';
  payment_status?: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total?: number;
  currency?: string;
  client_reference_id?: string | null;
  payment_intent?: string | null;
  metadata?: Record<string, string>;
}

function sessionEvidence(s: Session): Evidence {
  const base = {
    topupId: s.client_reference_id ?? s.metadata?.topup_id,
    providerOrderId: s.id,
  };
  if (s.status === 'complete' && s.payment_status === 'paid') {
    return {
      ...base,
      status: 'paid',
      // The PaymentIntent is the payment; a session without one (never for mode=payment) uses its own id.
      providerTxnId: s.payment_intent ?? s.id,
      amount: s.amount_total ?? null,
      currency: s.currency ?? null,
      // The payee is the account whose key created the session and whose secret signs: ours.
      payee: null,
    };
  }
  return { ...base, status: s.status === 'expired' ? 'expired' : 'pending' };
}

function stripeCall(env: ProviderEnv, method: string, path: string, form?: URLSearchParams, idempotencyKey?: string) {
  return call(
    env,
    `${need(env.config, 'baseUrl')}${path}`,
    {
      method,
      headers: {
        authorization: `Bearer ${need(env.config, 'secretKey')}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: form?.toString(),
    },
    'CREDIT_ERROR',
  );
}

/** Parses `t=…,v1=…[,v1=…]` and checks one v1 against the secret, within the tolerance. */
export function verifyStripeSignature(
  rawBody: string,
  signatureHeader: string | undefined,
  secret: string,
  nowSec: number,
): boolean {
  if (!signatureHeader) {
    return false;
  }
  let t: string | undefined;
  const v1: string[] = [];
  for (const part of signatureHeader.split(',')) {
    const [k, v] = part.split('=', 2).map((x) => x.trim());
    if (k === 't') {
      t = v;
    } else if (k === 'v1' && v) {
      v1.push(v);
    }
  }
  if (!t || !/^\d+$/.test(t) || Math.abs(nowSec - Number(t)) > STRIPE_TOLERANCE_SEC) {
    return false;
  }
  const expected = hmacSha256(secret, `${t}.${rawBody}`).toString('hex');
  return v1.some((sig) => safeEqual(sig, expected));
}

// Stripe needs a session to live at least 30 minutes; one hour.
const TTL_MS = 3600_000;

export const stripe: PaymentProvider = {
  method: 'card',
  errorCode: 'CREDIT_ERROR',
  ttlMs: TTL_MS,

  async create(env, { topup, user }) {
    const back = `${env.baseUrl}/topup/${topup.id}?method=card`;
    const form = new URLSearchParams({
      mode: 'payment',
      client_reference_id: topup.id,
      customer_email: user.email,
      success_url: `${back}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${back}&cancelled=1`,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': String(topup.providerAmount),
      'line_items[0][price_data][product_data][name]': topup.content.slice(0, 200),
      'metadata[topup_id]': topup.id,
      expires_at: String(Math.floor((topup.expiresAt?.getTime() ?? env.clock.nowMs() + TTL_MS) / 1000)),
    });
    const r = await stripeCall(env, 'POST', '/v1/checkout/sessions', form, topup.id);
    const s = okJson<Session>(r, 'CREDIT_ERROR', 'stripe create session');
    if (!s.id || !s.url) {
      throw new AppError('CREDIT_ERROR', { reason: 'stripe create session: no id or url' });
    }
    return { providerOrderId: s.id, instructions: { orderId: s.id, redirectUrl: s.url } };
  },

  async check(env, topup) {
    if (!topup.providerOrderId) {
      return { status: 'pending' };
    }
    const r = await stripeCall(env, 'GET', `/v1/checkout/sessions/${encodeURIComponent(topup.providerOrderId)}`);
    return sessionEvidence(okJson<Session>(r, 'CREDIT_ERROR', 'stripe get session'));
  },

  async cancel(env, topup) {
    if (topup.providerOrderId) {
      // Only an open session can be expired; a 400 for one already closed is fine.
      await stripeCall(env, 'POST', `/v1/checkout/sessions/${encodeURIComponent(topup.providerOrderId)}/expire`);
    }
  },

  async verifyWebhook(env, req) {
    const ok = verifyStripeSignature(
      req.rawBody,
      header(req.headers, 'stripe-signature'),
      need(env.config, 'webhookSecret'),
      Math.floor(env.clock.nowMs() / 1000),
    );
    if (!ok) {
      throw new AppError('PAYMENT_ERROR', { reason: 'stripe webhook: bad signature' });
    }
    if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
      throw new AppError('PAYMENT_ERROR', { reason: 'stripe webhook: not an event' });
    }
    const event = req.body as { type?: string; data?: { object?: Session } };
    const s = event.data?.object;
    if (!s || s.object !== 'checkout.session') {
      return null;
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.expired':
        return sessionEvidence(s);
      case 'checkout.session.async_payment_failed':
        return { status: 'failed', topupId: s.client_reference_id, providerOrderId: s.id };
      default:
        return null;
    }
  },
};
