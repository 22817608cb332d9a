import { createHmac } from 'node:crypto';
import { checkoutPage, deliver, notFound, startFake, type Delivery } from './http.js';

/**
 * MoMo's all-in-one gateway v2, locally: /v2/gateway/api/create and /query, each request's
 * HMAC-SHA256 signature (sorted `key=value&…`, accessKey included) checked, a pay page, and IPNs
 * signed the same way.
 */
export interface FakeMomoOptions {
  partnerCode?: string;
  accessKey?: string;
  secretKey?: string;
  port?: number;
}

interface MomoOrder {
  orderId: string;
  requestId: string;
  amount: number;
  orderInfo: string;
  redirectUrl: string;
  ipnUrl: string;
  extraData: string;
  resultCode: number;
  message: string;
  transId: number;
  payType: string;
}

export async function startFakeMomo(opts: FakeMomoOptions = {}) {
  const partnerCode = opts.partnerCode ?? 'MOMOFAKE2026';
  const accessKey = opts.accessKey ?? 'F8BBA842ECF85';
  const secretKey = opts.secretKey ?? 'K951B6PE1waDMi640xX08PD3vg6EkVlz';
  const orders = new Map<string, MomoOrder>();
  let nextTransId = 4_088_878_653;

  const sign = (fields: Record<string, string | number>, key = secretKey) =>
    createHmac('sha256', key)
      .update(
        Object.keys(fields)
          .sort()
          .map((k) => `${k}=${fields[k]}`)
          .join('&'),
      )
      .digest('hex');

  function result(o: MomoOrder) {
    const r = {
      partnerCode,
      orderId: o.orderId,
      requestId: o.requestId,
      amount: o.amount,
      orderInfo: o.orderInfo,
      orderType: 'momo_wallet',
      transId: o.transId,
      resultCode: o.resultCode,
      message: o.message,
      payType: o.payType,
      responseTime: Date.now(),
      extraData: o.extraData,
    };
    return { ...r, signature: sign({ accessKey, ...r }) };
  }

  /** The IPN MoMo would post for an order; `tamper` edits it after signing (a forged IPN). */
  async function sendIpn(
    orderId: string,
    o: {
      amount?: number;
      resultCode?: number;
      badSignature?: boolean;
      tamper?: (b: Record<string, unknown>) => void;
    } = {},
  ): Promise<Delivery> {
    const order = orders.get(orderId);
    if (!order) {
      throw new Error(`fake momo: no order ${orderId}`);
    }
    const body: Record<string, unknown> = result({ ...order, amount: o.amount ?? order.amount });
    if (o.badSignature) {
      body.signature = sign({ accessKey, orderId }, 'not-the-secret');
    }
    o.tamper?.(body);
    return deliver(order.ipnUrl, JSON.stringify(body), { 'content-type': 'application/json' });
  }

  function pay(orderId: string, resultCode = 0): MomoOrder {
    const order = orders.get(orderId);
    if (!order) {
      throw new Error(`fake momo: no order ${orderId}`);
    }
    order.resultCode = resultCode;
    order.message = resultCode === 0 ? 'Successful.' : 'Transaction denied by user.';
    order.transId = nextTransId++;
    order.payType = 'qr';
    return order;
  }

  const server = await startFake(async (req) => {
    const b = req.body as Record<string, string | number>;
    if (req.method === 'POST' && req.path === '/v2/gateway/api/create') {
      const fields = {
        accessKey,
        amount: b.amount ?? '',
        extraData: b.extraData ?? '',
        ipnUrl: b.ipnUrl ?? '',
        orderId: b.orderId ?? '',
        orderInfo: b.orderInfo ?? '',
        partnerCode: b.partnerCode ?? '',
        redirectUrl: b.redirectUrl ?? '',
        requestId: b.requestId ?? '',
        requestType: b.requestType ?? '',
      };
      if (b.partnerCode !== partnerCode || b.signature !== sign(fields)) {
        return { json: { partnerCode, orderId: b.orderId, resultCode: 11, message: 'Access denied.' } };
      }
      if (typeof b.amount !== 'number' || b.amount < 1000 || b.amount > 50_000_000) {
        return { json: { partnerCode, orderId: b.orderId, resultCode: 22, message: 'Invalid amount.' } };
      }
      if (orders.has(String(b.orderId))) {
        return { json: { partnerCode, orderId: b.orderId, resultCode: 41, message: 'Duplicated orderId.' } };
      }
      const order: MomoOrder = {
        orderId: String(b.orderId),
        requestId: String(b.requestId),
        amount: b.amount,
        orderInfo: String(b.orderInfo),
        redirectUrl: String(b.redirectUrl),
        ipnUrl: String(b.ipnUrl),
        extraData: String(b.extraData ?? ''),
        resultCode: 1000,
        message: 'Transaction is initiated, waiting for user confirmation.',
        transId: 0,
        payType: '',
      };
      orders.set(order.orderId, order);
      return {
        json: {
          partnerCode,
          orderId: order.orderId,
          requestId: order.requestId,
          amount: order.amount,
          responseTime: Date.now(),
          message: 'Thành công.',
          resultCode: 0,
          payUrl: `${server.url}/pay/${order.orderId}`,
          deeplink: `momo://app?action=payWithApp&orderId=${order.orderId}`,
          qrCodeUrl: `2|99|0900000000|||0|0|${order.amount}|${order.orderId}|transfer_myqr`,
        },
      };
    }
    if (req.method === 'POST' && req.path === '/v2/gateway/api/query') {
      const fields = {
        accessKey,
        orderId: b.orderId ?? '',
        partnerCode: b.partnerCode ?? '',
        requestId: b.requestId ?? '',
      };
      if (b.partnerCode !== partnerCode || b.signature !== sign(fields)) {
        return { json: { partnerCode, orderId: b.orderId, resultCode: 11, message: 'Access denied.' } };
      }
      const order = orders.get(String(b.orderId));
      if (!order) {
        return {
          json: {
            partnerCode,
            orderId: b.orderId,
            resultCode: 42,
            message: 'Invalid orderId or orderId is not found.',
          },
        };
      }
      return { json: { ...result(order), requestId: b.requestId } };
    }
    const page = /^\/pay\/([^/]+)(\/cancel)?$/.exec(req.path);
    const order = page && orders.get(decodeURIComponent(page[1]!));
    if (order) {
      if (req.method === 'GET') {
        return checkoutPage(
          'MoMo (fake)',
          [`${order.amount} VND`, order.orderInfo],
          `/pay/${order.orderId}`,
          `/pay/${order.orderId}/cancel`,
        );
      }
      pay(order.orderId, page[2] ? 1006 : 0);
      await sendIpn(order.orderId).catch(() => undefined);
      const r = result(order);
      const qs = new URLSearchParams(Object.entries(r).map(([k, v]): [string, string] => [k, String(v)]));
      return { redirect: `${order.redirectUrl}&${qs.toString()}` };
    }
    return notFound();
  }, opts.port);

  return {
    ...server,
    config: { baseUrl: server.url, partnerCode, accessKey, secretKey },
    orders,
    pay,
    sendIpn,
  };
}

export type FakeMomo = Awaited<ReturnType<typeof startFakeMomo>>;
