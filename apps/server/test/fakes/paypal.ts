import { createHash, createHmac } from 'node:crypto';
import { checkoutPage, deliver, notFound, randomId, startFake, type Delivery, type FakeRequest } from './http.js';

/**
 * PayPal Orders v2 and its webhooks, locally: OAuth2 client credentials, create/get/capture
 * orders, a payer-approval page, and verify-webhook-signature. Real PayPal signs webhooks with
 * RSA (cert_url); this fake signs with a key only it knows, and its verification API checks that
 * the event is byte-for-byte the one it sent, so a tampered event fails as it would at PayPal.
 */
export interface FakePaypalOptions {
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  merchantId?: string;
  /** Where PayPal would post webhooks (configured in its dashboard). */
  webhookUrl?: string;
  /** Post PAYMENT.CAPTURE.COMPLETED after each capture, as PayPal does (dev:payments); tests send their own. */
  webhookOnCapture?: boolean;
  port?: number;
}

interface Unit {
  reference_id?: string;
  custom_id?: string;
  amount: { currency_code: string; value: string };
  payee: { merchant_id: string; email_address: string };
  payments?: { captures: Capture[] };
}
interface Capture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  custom_id?: string;
  payee: Unit['payee'];
  supplementary_data: { related_ids: { order_id: string } };
}
interface Order {
  id: string;
  intent: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: Unit[];
  links: { rel: string; href: string; method?: string }[];
  returnUrl?: string;
  cancelUrl?: string;
  /** Test hook: what the capture will report instead of the ordered amount. */
  captureValue?: string;
}

export async function startFakePaypal(opts: FakePaypalOptions = {}) {
  const clientId = opts.clientId ?? 'fake-client-id';
  const clientSecret = opts.clientSecret ?? 'fake-client-secret';
  const webhookId = opts.webhookId ?? 'WH-FAKE-1';
  const merchantId = opts.merchantId ?? 'FAKEMERCHANT1';
  const signingKey = randomId('', 16);
  const tokens = new Set<string>();
  const orders = new Map<string, Order>();
  const byRequestId = new Map<string, string>();
  let webhookUrl = opts.webhookUrl;

  const signature = (id: string, time: string, event: unknown) =>
    createHmac('sha256', signingKey)
      .update(`${id}|${time}|${webhookId}|${createHash('sha256').update(JSON.stringify(event)).digest('hex')}`)
      .digest('base64');

  const bearer = (req: FakeRequest) => tokens.has(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));

  /** Posts a signed event; `tamper` edits the body after signing (what an attacker would do). */
  async function sendWebhook(
    event: Record<string, unknown>,
    o: { badSignature?: boolean; tamper?: (e: Record<string, unknown>) => Record<string, unknown> } = {},
  ): Promise<Delivery> {
    if (!webhookUrl) {
      throw new Error('fake paypal: no webhookUrl');
    }
    const id = randomId('', 12);
    const time = new Date().toISOString();
    const sig = signature(id, time, event);
    const sent = o.tamper ? o.tamper(structuredClone(event)) : event;
    return deliver(webhookUrl, JSON.stringify(sent), {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${server.url}/v1/notifications/certs/fake`,
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      // Change the first character to another one (a fixed 'x' equals it one time in 64).
      'paypal-transmission-sig': o.badSignature ? `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}` : sig,
    });
  }

  function captureEvent(order: Order): Record<string, unknown> {
    return {
      id: randomId('WH-', 8),
      event_version: '1.0',
      resource_type: 'capture',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      create_time: new Date().toISOString(),
      resource: order.purchase_units[0]!.payments!.captures[0],
    };
  }

  function capture(order: Order): Order {
    const unit = order.purchase_units[0]!;
    unit.payments = {
      captures: [
        {
          id: randomId('CAP', 8).toUpperCase(),
          status: 'COMPLETED',
          amount: { currency_code: unit.amount.currency_code, value: order.captureValue ?? unit.amount.value },
          custom_id: unit.custom_id,
          payee: unit.payee,
          supplementary_data: { related_ids: { order_id: order.id } },
        },
      ],
    };
    order.status = 'COMPLETED';
    return order;
  }

  const server = await startFake(async (req) => {
    const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(req.path);
    if (req.method === 'POST' && req.path === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== basic || req.body.grant_type !== 'client_credentials') {
        return { status: 401, json: { error: 'invalid_client' } };
      }
      const token = randomId('A21', 16);
      tokens.add(token);
      return { json: { access_token: token, token_type: 'Bearer', expires_in: 32400, app_id: 'APP-FAKE' } };
    }
    if (req.path.startsWith('/v1/') || req.path.startsWith('/v2/')) {
      if (!bearer(req)) {
        return { status: 401, json: { error: 'invalid_token' } };
      }
    }
    if (req.method === 'POST' && req.path === '/v2/checkout/orders') {
      const rid = String(req.headers['paypal-request-id'] ?? '');
      const prior = rid && byRequestId.get(rid);
      if (prior) {
        return { status: 200, json: orders.get(prior) };
      }
      const body = req.body as {
        purchase_units: Omit<Unit, 'payee'>[];
        payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
      };
      const id = randomId('', 9).toUpperCase().slice(0, 17);
      const order: Order = {
        id,
        intent: 'CAPTURE',
        status: 'PAYER_ACTION_REQUIRED',
        purchase_units: body.purchase_units.map((u) => ({
          ...u,
          payee: { merchant_id: merchantId, email_address: 'merchant@example.com' },
        })),
        links: [
          { rel: 'self', href: `${server.url}/v2/checkout/orders/${id}`, method: 'GET' },
          { rel: 'payer-action', href: `${server.url}/checkoutnow?token=${id}`, method: 'GET' },
        ],
        returnUrl: body.payment_source?.paypal?.experience_context?.return_url,
        cancelUrl: body.payment_source?.paypal?.experience_context?.cancel_url,
      };
      orders.set(id, order);
      if (rid) {
        byRequestId.set(rid, id);
      }
      return { status: 201, json: order };
    }
    if (m) {
      const order = orders.get(decodeURIComponent(m[1]!));
      if (!order) {
        return { status: 404, json: { name: 'RESOURCE_NOT_FOUND' } };
      }
      if (req.method === 'GET' && !m[2]) {
        return { json: order };
      }
      if (req.method === 'POST' && m[2]) {
        if (order.status === 'COMPLETED') {
          return {
            status: 422,
            json: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
          };
        }
        if (order.status !== 'APPROVED') {
          return { status: 422, json: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] } };
        }
        const done = capture(order);
        if (webhookUrl && opts.webhookOnCapture) {
          // PayPal tells the webhook too, a moment later.
          setTimeout(() => void sendWebhook(captureEvent(done)).catch(() => undefined), 50);
        }
        return { status: 201, json: done };
      }
    }
    if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') {
      const b = req.body as Record<string, string> & { webhook_event: unknown };
      const ok =
        b.webhook_id === webhookId &&
        b.transmission_sig === signature(b.transmission_id ?? '', b.transmission_time ?? '', b.webhook_event);
      return { json: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    const token = req.query.get('token') ?? '';
    const order = orders.get(token);
    if (req.path === '/checkoutnow' && order) {
      if (req.method === 'GET') {
        return checkoutPage(
          'PayPal (fake)',
          [
            `Order ${order.id}: ${order.purchase_units[0]!.amount.value} ${order.purchase_units[0]!.amount.currency_code}`,
          ],
          `/checkoutnow?token=${order.id}`,
          `/checkoutnow/cancel?token=${order.id}`,
        );
      }
      order.status = 'APPROVED';
      return { redirect: `${order.returnUrl ?? '/'}&token=${order.id}&PayerID=FAKEPAYER` };
    }
    if (req.path === '/checkoutnow/cancel' && order) {
      return { redirect: `${order.cancelUrl ?? '/'}&token=${order.id}` };
    }
    return notFound();
  }, opts.port);

  return {
    ...server,
    config: { baseUrl: server.url, clientId, clientSecret, webhookId },
    merchantId,
    orders,
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    /** The payer approves at PayPal; `captureValue` makes the capture report another amount. */
    approve(orderId: string, o: { captureValue?: string } = {}) {
      const order = orders.get(orderId);
      if (!order) {
        throw new Error(`fake paypal: no order ${orderId}`);
      }
      order.status = 'APPROVED';
      order.captureValue = o.captureValue;
    },
    /** Approve and capture at PayPal without our server (e.g. captured elsewhere), returning the event. */
    captureNow(orderId: string, o: { captureValue?: string } = {}) {
      this.approve(orderId, o);
      return captureEvent(capture(orders.get(orderId)!));
    },
    approvedEvent(orderId: string) {
      return {
        id: randomId('WH-', 8),
        event_type: 'CHECKOUT.ORDER.APPROVED',
        resource_type: 'checkout-order',
        resource: orders.get(orderId),
      };
    },
    sendWebhook,
  };
}

export type FakePaypal = Awaited<ReturnType<typeof startFakePaypal>>;
