import { createHmac } from 'node:crypto';
import { checkoutPage, deliver, notFound, randomId, startFake, type Delivery } from './http.js';

/** Keys sorted at every level, no whitespace: what bytepay signs (see providers/bytepay.ts). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) {
    return `[${v.map(canonical).join(',')}]`;
  }
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export interface FakeBytepayOptions {
  apiKey?: string;
  ipnSecret?: string;
  merchantId?: string;
  port?: number;
}

export interface BytepayOrder {
  id: string;
  order_id: string;
  merchant_id: string;
  status: 'waiting' | 'confirming' | 'finished' | 'failed' | 'expired' | 'cancelled';
  price_amount: string;
  price_currency: string;
  pay_currency: string;
  payment_id: string | null;
  pay_url: string;
  order_description: string;
  ipn_callback_url: string;
  success_url: string;
  cancel_url: string;
  created_at: string;
}

/** bytepay (our crypto gateway, modelled on NOWPayments), locally; the protocol is in providers/bytepay.ts. */
export async function startFakeBytepay(opts: FakeBytepayOptions = {}) {
  const apiKey = opts.apiKey ?? 'bp_live_fake_key';
  const ipnSecret = opts.ipnSecret ?? 'bp_ipn_fake_secret';
  const merchantId = opts.merchantId ?? 'mch_fake_01';
  const orders = new Map<string, BytepayOrder>();
  /** Ids the next orders get instead of fresh ones: a provider repeating itself. */
  const repeatIds: string[] = [];

  const sign = (body: unknown, secret = ipnSecret) =>
    createHmac('sha256', secret).update(canonical(body)).digest('hex');

  async function sendIpn(
    id: string,
    o: { badSignature?: boolean; mutate?: (b: BytepayOrder) => void; tamper?: (b: BytepayOrder) => void } = {},
  ): Promise<Delivery> {
    const order = orders.get(id);
    if (!order) {
      throw new Error(`fake bytepay: no order ${id}`);
    }
    const body = { ...order };
    o.mutate?.(body);
    const signature = sign(body, o.badSignature ? 'wrong-secret' : ipnSecret);
    o.tamper?.(body);
    // Key order differs from the canonical one on purpose: the signature must not depend on it.
    const raw = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()));
    return deliver(order.ipn_callback_url, raw, {
      'content-type': 'application/json',
      'x-bytepay-signature': signature,
    });
  }

  function pay(id: string, o: { priceAmount?: string } = {}): BytepayOrder {
    const order = orders.get(id);
    if (!order) {
      throw new Error(`fake bytepay: no order ${id}`);
    }
    order.status = 'finished';
    order.payment_id = randomId('pay_', 10);
    if (o.priceAmount) {
      order.price_amount = o.priceAmount;
    }
    return order;
  }

  const server = await startFake(async (req) => {
    const m = /^\/v1\/orders\/([^/]+)(\/cancel)?$/.exec(req.path);
    if (req.path.startsWith('/v1/') && req.headers['x-api-key'] !== apiKey) {
      return { status: 401, json: { error: 'invalid api key' } };
    }
    if (req.method === 'POST' && req.path === '/v1/orders') {
      const b = req.body as Record<string, string>;
      if (!b.order_id || !/^\d+(\.\d{1,2})?$/.test(String(b.price_amount))) {
        return { status: 400, json: { error: 'order_id and price_amount are required' } };
      }
      const id = repeatIds.shift() ?? randomId('bp_', 10);
      const order: BytepayOrder = {
        id,
        order_id: b.order_id,
        merchant_id: merchantId,
        status: 'waiting',
        price_amount: String(b.price_amount),
        price_currency: String(b.price_currency ?? 'USD').toUpperCase(),
        pay_currency: 'USDTTRC20',
        payment_id: null,
        pay_url: `${server.url}/pay/${id}`,
        order_description: b.order_description ?? '',
        ipn_callback_url: b.ipn_callback_url ?? '',
        success_url: b.success_url ?? '',
        cancel_url: b.cancel_url ?? '',
        created_at: new Date().toISOString(),
      };
      orders.set(id, order);
      return { status: 201, json: order };
    }
    if (m) {
      const order = orders.get(decodeURIComponent(m[1]!));
      if (!order) {
        return { status: 404, json: { error: 'order not found' } };
      }
      if (req.method === 'GET' && !m[2]) {
        return { json: order };
      }
      if (req.method === 'POST' && m[2]) {
        if (order.status !== 'waiting') {
          return { status: 409, json: { error: `order is ${order.status}` } };
        }
        order.status = 'cancelled';
        return { json: order };
      }
    }
    const page = /^\/pay\/([^/]+)(\/cancel)?$/.exec(req.path);
    const order = page && orders.get(page[1]!);
    if (order) {
      if (req.method === 'GET') {
        return checkoutPage(
          'bytepay (fake)',
          [`${order.price_amount} ${order.price_currency}`],
          `/pay/${order.id}`,
          `/pay/${order.id}/cancel`,
        );
      }
      if (page[2]) {
        return { redirect: order.cancel_url };
      }
      pay(order.id);
      await sendIpn(order.id).catch(() => undefined);
      return { redirect: order.success_url };
    }
    return notFound();
  }, opts.port);

  return {
    ...server,
    config: { baseUrl: server.url, apiKey, ipnSecret },
    merchantId,
    orders,
    pay,
    sendIpn,
    repeatIds,
  };
}

export type FakeBytepay = Awaited<ReturnType<typeof startFakeBytepay>>;
