import { createHmac } from 'node:crypto';
import { checkoutPage, deliver, notFound, randomId, startFake, type Delivery } from './http.js';

/**
 * Tazapay v3 checkout, locally: Basic-auth POST /v3/checkout, GET, expire, a hosted page, and
 * webhooks with `signature` = base64 HMAC-SHA256(secret, event.id + rawBody + event.created_at).
 */
export interface FakeTazapayOptions {
  apiKey?: string;
  apiSecret?: string;
  webhookSecret?: string;
  port?: number;
}

export interface TazapayCheckout {
  id: string;
  object: 'checkout';
  url: string;
  status: 'active' | 'expired' | 'completed';
  payment_status: 'unpaid' | 'paid';
  amount: number;
  invoice_currency: string;
  reference_id: string;
  payin: string | null;
  customer_details: Record<string, unknown>;
  success_url: string;
  cancel_url: string;
  webhook_url: string;
  created_at: string;
}

export async function startFakeTazapay(opts: FakeTazapayOptions = {}) {
  const apiKey = opts.apiKey ?? 'ak_fake_tazapay';
  const apiSecret = opts.apiSecret ?? 'sk_fake_tazapay';
  const webhookSecret = opts.webhookSecret ?? 'whsec_fake_tazapay';
  const checkouts = new Map<string, TazapayCheckout>();

  async function sendWebhook(
    id: string,
    o: {
      type?: string;
      secret?: string;
      mutate?: (c: TazapayCheckout) => void;
      tamperRaw?: (raw: string) => string;
    } = {},
  ): Promise<Delivery> {
    const c = checkouts.get(id);
    if (!c) {
      throw new Error(`fake tazapay: no checkout ${id}`);
    }
    const data = { ...c };
    o.mutate?.(data);
    const event = {
      type: o.type ?? 'checkout.paid',
      id: randomId('evt_', 10),
      object: 'event',
      created_at: new Date().toISOString().replace('Z', '123456Z'),
      data,
    };
    const raw = JSON.stringify(event);
    const signature = createHmac('sha256', o.secret ?? webhookSecret)
      .update(`${event.id}${raw}${event.created_at}`)
      .digest('base64');
    return deliver(c.webhook_url, o.tamperRaw ? o.tamperRaw(raw) : raw, {
      'content-type': 'application/json',
      signature,
    });
  }

  function pay(id: string, o: { amount?: number } = {}): TazapayCheckout {
    const c = checkouts.get(id);
    if (!c) {
      throw new Error(`fake tazapay: no checkout ${id}`);
    }
    c.payment_status = 'paid';
    c.status = 'completed';
    c.payin = randomId('pay_', 10);
    if (o.amount !== undefined) {
      c.amount = o.amount;
    }
    return c;
  }

  const server = await startFake(async (req) => {
    const basic = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
    const m = /^\/v3\/checkout\/([^/]+)(\/expire)?$/.exec(req.path);
    if (req.path.startsWith('/v3/') && req.headers.authorization !== basic) {
      return { status: 401, json: { status: 'error', message: 'unauthorized' } };
    }
    if (req.method === 'POST' && req.path === '/v3/checkout') {
      const b = req.body;
      const customer = (b.customer_details ?? {}) as Record<string, unknown>;
      if (!Number.isInteger(b.amount) || !b.invoice_currency || !customer.country || !customer.email) {
        return { status: 400, json: { status: 'error', message: 'validation failed' } };
      }
      const id = randomId('chk_', 10);
      const c: TazapayCheckout = {
        id,
        object: 'checkout',
        url: `${server.url}/pay/${id}`,
        status: 'active',
        payment_status: 'unpaid',
        amount: b.amount as number,
        invoice_currency: text(b.invoice_currency).toLowerCase(),
        reference_id: text(b.reference_id),
        payin: null,
        customer_details: customer,
        success_url: text(b.success_url),
        cancel_url: text(b.cancel_url),
        webhook_url: text(b.webhook_url),
        created_at: new Date().toISOString(),
      };
      checkouts.set(id, c);
      return { json: { status: 'success', message: '', data: c } };
    }
    if (m) {
      const c = checkouts.get(decodeURIComponent(m[1]!));
      if (!c) {
        return { status: 404, json: { status: 'error', message: 'checkout not found' } };
      }
      if (req.method === 'GET' && !m[2]) {
        return { json: { status: 'success', message: '', data: c } };
      }
      if (req.method === 'POST' && m[2]) {
        if (c.status !== 'active') {
          return { status: 400, json: { status: 'error', message: `checkout is ${c.status}` } };
        }
        c.status = 'expired';
        return { json: { status: 'success', message: '', data: c } };
      }
    }
    const page = /^\/pay\/([^/]+)(\/cancel)?$/.exec(req.path);
    const c = page && checkouts.get(page[1]!);
    if (c) {
      if (req.method === 'GET') {
        return checkoutPage(
          'Tazapay (fake)',
          [`${(c.amount / 100).toFixed(2)} ${c.invoice_currency.toUpperCase()}`],
          `/pay/${c.id}`,
          `/pay/${c.id}/cancel`,
        );
      }
      if (page[2]) {
        return { redirect: c.cancel_url };
      }
      pay(c.id);
      await sendWebhook(c.id).catch(() => undefined);
      return { redirect: c.success_url };
    }
    return notFound();
  }, opts.port);

  return { ...server, config: { baseUrl: server.url, apiKey, apiSecret, webhookSecret }, checkouts, pay, sendWebhook };
}

export type FakeTazapay = Awaited<ReturnType<typeof startFakeTazapay>>;

/** A request field as text: strings and numbers as written, anything else (absent, an object) as ''. */
function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
