import { randomUUID } from 'node:crypto';
import { AppError } from '../../../lib/errors.js';
import type { Evidence } from '../credit.js';
import { need } from '../settings.js';
import { call, hmacSha256, okJson, safeEqual } from './http.js';
import type { PaymentProvider, ProviderEnv } from './types.js';

/**
 * MoMo all-in-one gateway v2: /v2/gateway/api/create and /v2/gateway/api/query, every message
 * signed with HMAC-SHA256 (hex) over the raw string `key=value&…` of its fields sorted by name
 * (accessKey included, signature excluded). resultCode 0 is paid.
 */

export function momoSignature(fields: Record<string, string | number>, secretKey: string): string {
  const raw = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return hmacSha256(secretKey, raw).toString('hex');
}

/** The fields of an IPN (and of a query answer) that its signature covers. */
export const MOMO_IPN_FIELDS = [
  'amount',
  'extraData',
  'message',
  'orderId',
  'orderInfo',
  'orderType',
  'partnerCode',
  'payType',
  'requestId',
  'responseTime',
  'resultCode',
  'transId',
] as const;

interface MomoResult {
  partnerCode?: string;
  orderId?: string;
  requestId?: string;
  amount?: number;
  transId?: number | string;
  resultCode?: number;
  message?: string;
  payUrl?: string;
  qrCodeUrl?: string;
  deeplink?: string;
  signature?: string;
  [k: string]: unknown;
}

function resultEvidence(env: ProviderEnv, r: MomoResult): Evidence {
  const base = { topupId: r.orderId, providerOrderId: r.orderId };
  switch (r.resultCode) {
    case 0:
      return {
        ...base,
        status: 'paid',
        providerTxnId: r.transId === undefined ? null : String(r.transId),
        amount: typeof r.amount === 'number' && Number.isSafeInteger(r.amount) ? r.amount : null,
        currency: 'VND',
        payee: r.partnerCode ?? null,
      };
    // Initiated, processing, authorised but not yet captured.
    case 1000:
    case 7000:
    case 7002:
    case 9000:
      return { ...base, status: 'pending' };
    case 1005:
      return { ...base, status: 'expired' };
    case 1006:
      return { ...base, status: 'cancelled' };
    default:
      env.log.info({ resultCode: r.resultCode, orderId: r.orderId }, 'momo: payment failed');
      return { ...base, status: 'failed' };
  }
}

const TTL_MS = 30 * 60_000;

export const momo: PaymentProvider = {
  method: 'momo',
  errorCode: 'MOMO_ERROR',
  ttlMs: TTL_MS,

  quote(env, amountCoins) {
    return { currency: 'VND', providerAmount: amountCoins, payee: need(env.config, 'partnerCode') };
  },

  async create(env, { topup }) {
    const partnerCode = need(env.config, 'partnerCode');
    const accessKey = need(env.config, 'accessKey');
    const fields = {
      accessKey,
      amount: topup.providerAmount,
      extraData: '',
      ipnUrl: `${env.baseUrl}/api/webhook/momo`,
      orderId: topup.id,
      orderInfo: topup.content,
      partnerCode,
      redirectUrl: `${env.baseUrl}/topup/${topup.id}?method=momo`,
      requestId: topup.id,
      requestType: 'captureWallet',
    };
    const r = await call(
      env,
      `${need(env.config, 'baseUrl')}/v2/gateway/api/create`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...fields,
          accessKey: undefined,
          lang: 'vi',
          orderExpireTime: TTL_MS / 60_000,
          signature: momoSignature(fields, need(env.config, 'secretKey')),
        }),
      },
      'MOMO_ERROR',
    );
    const res = okJson<MomoResult>(r, 'MOMO_ERROR', 'momo create');
    if (res.resultCode !== 0 || !res.payUrl) {
      throw new AppError('MOMO_ERROR', { resultCode: res.resultCode ?? null });
    }
    return {
      providerOrderId: topup.id,
      instructions: { orderId: topup.id, redirectUrl: res.payUrl, qrPayload: res.qrCodeUrl ?? null },
    };
  },

  async check(env, topup) {
    const partnerCode = need(env.config, 'partnerCode');
    const requestId = randomUUID();
    const fields = { accessKey: need(env.config, 'accessKey'), orderId: topup.id, partnerCode, requestId };
    const r = await call(
      env,
      `${need(env.config, 'baseUrl')}/v2/gateway/api/query`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          partnerCode,
          requestId,
          orderId: topup.id,
          lang: 'vi',
          signature: momoSignature(fields, need(env.config, 'secretKey')),
        }),
      },
      'MOMO_ERROR',
    );
    return resultEvidence(env, okJson<MomoResult>(r, 'MOMO_ERROR', 'momo query'));
  },

  async verifyWebhook(env, req) {
    const ipn = (req.body ?? {}) as MomoResult;
    const fields: Record<string, string | number> = { accessKey: need(env.config, 'accessKey') };
    for (const k of MOMO_IPN_FIELDS) {
      const v = ipn[k];
      fields[k] = typeof v === 'number' || typeof v === 'string' ? v : '';
    }
    const expected = momoSignature(fields, need(env.config, 'secretKey'));
    if (typeof ipn.signature !== 'string' || !safeEqual(ipn.signature, expected)) {
      throw new AppError('PAYMENT_ERROR', { reason: 'momo ipn: bad signature' });
    }
    return resultEvidence(env, ipn);
  },
};
