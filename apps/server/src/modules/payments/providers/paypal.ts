import { AppError } from '../../../lib/errors.js';
import type { Evidence } from '../credit.js';
import { formatMinor, toMinor } from '../money.js';
import type { TopupRow } from '../queries.js';
import { need } from '../settings.js';
import { call, header, okJson, paymentError } from './http.js';
import type { PaymentProvider, ProviderEnv } from './types.js';

/**
 * PayPal Orders v2: an OAuth2 client-credentials token, create an order (the payer approves it at
 * PayPal), capture it, and webhooks checked by PayPal's verify-webhook-signature API.
 */

interface Money {
  currency_code: string;
  value: string;
}
interface Capture {
  id: string;
  status: string;
  amount: Money;
  custom_id?: string;
  payee?: { merchant_id?: string; email_address?: string };
  supplementary_data?: { related_ids?: { order_id?: string } };
}
interface Order {
  id: string;
  status: string;
  links?: { rel: string; href: string }[];
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    payee?: { merchant_id?: string; email_address?: string };
    payments?: { captures?: Capture[] };
  }[];
}

const tokens = new Map<string, { token: string; until: number }>();

async function accessToken(env: ProviderEnv): Promise<string> {
  const base = need(env.config, 'baseUrl');
  const clientId = need(env.config, 'clientId');
  const secret = need(env.config, 'clientSecret');
  const key = `${base}|${clientId}|${secret}`;
  const hit = tokens.get(key);
  if (hit && hit.until > Date.now()) {
    return hit.token;
  }
  const r = await call(
    env,
    `${base}/v1/oauth2/token`,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    },
    'PAYMENT_ERROR',
  );
  const body = okJson<{ access_token?: string; expires_in?: number }>(r, 'PAYMENT_ERROR', 'paypal token');
  if (!body.access_token) {
    throw paymentError('paypal token: no access_token');
  }
  // Renew a minute early; PayPal tokens live hours.
  tokens.set(key, { token: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 });
  return body.access_token;
}

async function api(env: ProviderEnv, method: string, path: string, body?: unknown, requestId?: string) {
  const token = await accessToken(env);
  return call(
    env,
    `${need(env.config, 'baseUrl')}${path}`,
    {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        prefer: 'return=representation',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    'PAYMENT_ERROR',
  );
}

const payeeOf = (p?: { merchant_id?: string; email_address?: string }) => p?.merchant_id ?? p?.email_address ?? null;

function captureEvidence(order: Order): Evidence {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.find((c) => c.status === 'COMPLETED') ?? unit?.payments?.captures?.[0];
  if (!capture) {
    return { status: 'pending', providerOrderId: order.id };
  }
  return {
    status: capture.status === 'COMPLETED' ? 'paid' : capture.status === 'PENDING' ? 'pending' : 'failed',
    topupId: capture.custom_id ?? unit?.custom_id ?? unit?.reference_id,
    providerOrderId: order.id,
    providerTxnId: capture.id,
    amount: toMinor(capture.amount.value, 2),
    currency: capture.amount.currency_code,
    payee: payeeOf(capture.payee) ?? payeeOf(unit?.payee),
  };
}

async function getOrder(env: ProviderEnv, orderId: string): Promise<Order> {
  const r = await api(env, 'GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
  if (r.status === 404) {
    throw new AppError('PAYMENT_NOT_EXISTS');
  }
  return okJson<Order>(r, 'PAYMENT_ERROR', 'paypal get order');
}

export const paypal: PaymentProvider = {
  method: 'paypal',
  errorCode: 'PAYMENT_ERROR',
  // PayPal keeps an unapproved order for 3 hours.
  ttlMs: 3 * 3600_000,

  async create(env, { topup }) {
    const back = `${env.baseUrl}/topup/${topup.id}?method=paypal`;
    const r = await api(
      env,
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: topup.id,
            custom_id: topup.id,
            invoice_id: topup.id,
            description: topup.content.slice(0, 127),
            amount: { currency_code: 'USD', value: formatMinor(topup.providerAmount, 2) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: back,
              cancel_url: `${back}&cancelled=1`,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      },
      topup.id,
    );
    const order = okJson<Order>(r, 'PAYMENT_ERROR', 'paypal create order');
    const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null;
    if (!order.id || !approve) {
      throw paymentError('paypal create order: no id or approval link');
    }
    return {
      providerOrderId: order.id,
      payee: payeeOf(order.purchase_units?.[0]?.payee),
      instructions: { orderId: order.id, redirectUrl: approve },
    };
  },

  /** The order's state; an approved order is captured here (the "complete" step). */
  async check(env, topup: TopupRow) {
    if (!topup.providerOrderId) {
      return { status: 'pending' };
    }
    let order = await getOrder(env, topup.providerOrderId);
    if (order.status === 'APPROVED') {
      const r = await api(
        env,
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(order.id)}/capture`,
        {},
        `capture-${topup.id}`,
      );
      // 422 ORDER_ALREADY_CAPTURED: another instance captured first; read the result.
      order = r.status === 422 ? await getOrder(env, order.id) : okJson<Order>(r, 'PAYMENT_ERROR', 'paypal capture');
    }
    if (order.status === 'COMPLETED') {
      return captureEvidence(order);
    }
    if (order.status === 'VOIDED') {
      return { status: 'cancelled', providerOrderId: order.id };
    }
    return { status: 'pending', providerOrderId: order.id };
  },

  async verifyWebhook(env, req) {
    const h = (n: string) => header(req.headers, n) ?? '';
    const r = await api(env, 'POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: h('paypal-auth-algo'),
      cert_url: h('paypal-cert-url'),
      transmission_id: h('paypal-transmission-id'),
      transmission_sig: h('paypal-transmission-sig'),
      transmission_time: h('paypal-transmission-time'),
      webhook_id: need(env.config, 'webhookId'),
      webhook_event: req.body,
    });
    const verdict = okJson<{ verification_status?: string }>(r, 'PAYMENT_ERROR', 'paypal verify webhook');
    if (verdict.verification_status !== 'SUCCESS') {
      throw paymentError('paypal webhook: signature not verified');
    }
    const event = req.body as { event_type?: string; resource?: Capture & Order };
    const res = event.resource;
    if (!res) {
      return null;
    }
    if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') {
      return {
        status: 'paid',
        topupId: res.custom_id,
        providerOrderId: res.supplementary_data?.related_ids?.order_id,
        providerTxnId: res.id,
        amount: toMinor(res.amount?.value, 2),
        currency: res.amount?.currency_code,
        payee: payeeOf(res.payee),
      };
    }
    if (event.event_type === 'CHECKOUT.ORDER.APPROVED') {
      // Approved but not captured yet: check() captures it.
      return { status: 'pending', providerOrderId: res.id, topupId: res.purchase_units?.[0]?.custom_id, recheck: true };
    }
    return null;
  },
};
