import { createHmac } from 'node:crypto';
import { checkoutPage, deliver, notFound, randomId, startFake, type Delivery, type FakeRequest } from './http.js';

/**
 * Stripe Checkout, locally: form-encoded POST /v1/checkout/sessions, GET and expire, a hosted
 * payment page, and events signed `Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`.
 */
export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  webhookUrl?: string;
  /** The fake's clock in ms (tests pass the server's test clock). */
  now?: () => number;
  port?: number;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
}

export async function startFakeStripe(opts: FakeStripeOptions = {}) {
  const secretKey = opts.secretKey ?? 'sk_test_fake';
  const webhookSecret = opts.webhookSecret ?? 'whsec_fake';
  const now = opts.now ?? Date.now;
  const sessions = new Map<string, FakeSession>();
  const idempotent = new Map<string, string>();
  let webhookUrl = opts.webhookUrl;

  function sign(body: string, o: { secret?: string; t?: number } = {}): string {
    const t = o.t ?? Math.floor(now() / 1000);
    const v1 = createHmac('sha256', o.secret ?? webhookSecret)
      .update(`${t}.${body}`)
      .digest('hex');
    return `t=${t},v1=${v1}`;
  }

  async function sendEvent(
    type: string,
    session: FakeSession,
    o: {
      secret?: string;
      t?: number;
      mutate?: (s: FakeSession) => FakeSession;
      tamperRaw?: (raw: string) => string;
    } = {},
  ): Promise<Delivery> {
    if (!webhookUrl) {
      throw new Error('fake stripe: no webhookUrl');
    }
    const body = JSON.stringify({
      id: randomId('evt_', 12),
      object: 'event',
      type,
      created: Math.floor(now() / 1000),
      data: { object: o.mutate ? o.mutate({ ...session }) : session },
    });
    const signature = sign(body, o);
    return deliver(webhookUrl, o.tamperRaw ? o.tamperRaw(body) : body, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });
  }

  const authorised = (req: FakeRequest) => req.headers.authorization === `Bearer ${secretKey}`;

  function pay(id: string, o: { amountTotal?: number } = {}): FakeSession {
    const s = sessions.get(id);
    if (!s) {
      throw new Error(`fake stripe: no session ${id}`);
    }
    s.status = 'complete';
    s.payment_status = 'paid';
    s.payment_intent = randomId('pi_', 12);
    if (o.amountTotal !== undefined) {
      s.amount_total = o.amountTotal;
    }
    return s;
  }

  const server = await startFake(async (req) => {
    const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(req.path);
    const page = /^\/c\/pay\/([^/]+)(\/cancel)?$/.exec(req.path);
    if (req.path.startsWith('/v1/') && !authorised(req)) {
      return { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const key = String(req.headers['idempotency-key'] ?? '');
      const prior = key && idempotent.get(key);
      if (prior) {
        return { json: sessions.get(prior) };
      }
      const f = req.body as Record<string, string>;
      const expiresAt = Number(f.expires_at ?? Math.floor(now() / 1000) + 86_400);
      const lifetime = expiresAt - Math.floor(now() / 1000);
      if (lifetime < 1800 - 5 || lifetime > 86_400) {
        return {
          status: 400,
          json: { error: { param: 'expires_at', message: 'must be 30 minutes to 24 hours from now' } },
        };
      }
      const unit = Number(f['line_items[0][price_data][unit_amount]']);
      const qty = Number(f['line_items[0][quantity]'] ?? 1);
      if (f.mode !== 'payment' || !Number.isInteger(unit) || unit < 50) {
        return { status: 400, json: { error: { message: 'Amount must be at least $0.50 usd' } } };
      }
      const id = randomId('cs_test_', 16);
      const s: FakeSession = {
        id,
        object: 'checkout.session',
        url: `${server.url}/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: unit * qty,
        currency: f['line_items[0][price_data][currency]'] ?? 'usd',
        client_reference_id: f.client_reference_id ?? null,
        customer_email: f.customer_email ?? null,
        metadata: { topup_id: f['metadata[topup_id]'] ?? '' },
        payment_intent: null,
        success_url: f.success_url ?? '',
        cancel_url: f.cancel_url ?? '',
        expires_at: expiresAt,
      };
      sessions.set(id, s);
      if (key) {
        idempotent.set(key, id);
      }
      return { json: s };
    }
    if (m) {
      const s = sessions.get(decodeURIComponent(m[1]!));
      if (!s) {
        return { status: 404, json: { error: { message: 'No such checkout.session' } } };
      }
      if (req.method === 'GET' && !m[2]) {
        return { json: s };
      }
      if (req.method === 'POST' && m[2]) {
        if (s.status !== 'open') {
          return {
            status: 400,
            json: { error: { message: 'Only Checkout Sessions with a status of open can be expired.' } },
          };
        }
        s.status = 'expired';
        return { json: s };
      }
    }
    if (page) {
      const s = sessions.get(page[1]!);
      if (!s) {
        return notFound();
      }
      if (req.method === 'GET') {
        return checkoutPage(
          'Stripe Checkout (fake)',
          [`${(s.amount_total / 100).toFixed(2)} ${s.currency.toUpperCase()}`, 'Card 4242 4242 4242 4242'],
          `/c/pay/${s.id}`,
          `/c/pay/${s.id}/cancel`,
        );
      }
      if (page[2]) {
        return { redirect: s.cancel_url };
      }
      if (s.status !== 'open') {
        return { status: 400, html: 'This session is no longer open.' };
      }
      pay(s.id);
      if (webhookUrl) {
        await sendEvent('checkout.session.completed', s).catch(() => undefined);
      }
      return { redirect: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) };
    }
    return notFound();
  }, opts.port);

  return {
    ...server,
    config: { baseUrl: server.url, secretKey, webhookSecret },
    sessions,
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    pay,
    sign,
    sendEvent,
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
