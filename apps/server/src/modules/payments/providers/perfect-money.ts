import { AppError } from '../../../lib/errors.js';
import { formatMinor, toMinor } from '../money.js';
import { need } from '../settings.js';
import { md5Upper, safeEqual } from './http.js';
import type { PaymentProvider } from './types.js';

/**
 * Perfect Money SCI: the browser posts a form to PM (we hand out its fields); PM posts the result
 * to STATUS_URL, form-encoded, proven by V2_HASH = uppercase MD5 of
 * `PAYMENT_ID:PAYEE_ACCOUNT:PAYMENT_AMOUNT:PAYMENT_UNITS:PAYMENT_BATCH_NUM:PAYER_ACCOUNT:
 *  uppercase(MD5(alternate passphrase)):TIMESTAMPGMT`. PM has no order API, so no check or cancel.
 */

export function pmV2Hash(f: Record<string, string | undefined>, alternatePassphrase: string): string {
  return md5Upper(
    [
      f.PAYMENT_ID,
      f.PAYEE_ACCOUNT,
      f.PAYMENT_AMOUNT,
      f.PAYMENT_UNITS,
      f.PAYMENT_BATCH_NUM,
      f.PAYER_ACCOUNT,
      md5Upper(alternatePassphrase),
      f.TIMESTAMPGMT,
    ]
      .map((v) => v ?? '')
      .join(':'),
  );
}

export const perfectMoney: PaymentProvider = {
  method: 'perfectmoney',
  errorCode: 'PAYMENT_ERROR',
  ttlMs: 3600_000,

  quote(env, amountCoins) {
    return { currency: 'USD', providerAmount: amountCoins / 240, payee: need(env.config, 'payeeAccount') };
  },

  async create(env, { topup }) {
    const fields: Record<string, string> = {
      PAYEE_ACCOUNT: need(env.config, 'payeeAccount'),
      PAYEE_NAME: env.config.values.payeeName ?? 'Top-up',
      PAYMENT_ID: topup.id,
      PAYMENT_AMOUNT: formatMinor(topup.providerAmount, 2),
      PAYMENT_UNITS: 'USD',
      STATUS_URL: `${env.baseUrl}/api/user/perfect-money-complete-payment`,
      PAYMENT_URL: `${env.baseUrl}/topup/perfectmoney-success`,
      PAYMENT_URL_METHOD: 'GET',
      NOPAYMENT_URL: `${env.baseUrl}/topup/perfectmoney-failed`,
      NOPAYMENT_URL_METHOD: 'GET',
      SUGGESTED_MEMO: topup.content.slice(0, 100),
      BAGGAGE_FIELDS: '',
    };
    return {
      providerOrderId: null,
      instructions: { form: { action: need(env.config, 'sciUrl'), method: 'POST', fields } },
    };
  },

  async verifyWebhook(env, req) {
    const f = (req.body ?? {}) as Record<string, string | undefined>;
    const expected = pmV2Hash(f, need(env.config, 'alternatePassphrase'));
    if (typeof f.V2_HASH !== 'string' || !safeEqual(f.V2_HASH.toUpperCase(), expected)) {
      throw new AppError('PAYMENT_ERROR', { reason: 'perfect money: bad V2_HASH' });
    }
    return {
      status: 'paid',
      topupId: f.PAYMENT_ID,
      providerTxnId: f.PAYMENT_BATCH_NUM || null,
      amount: toMinor(f.PAYMENT_AMOUNT, 2),
      currency: f.PAYMENT_UNITS,
      payee: f.PAYEE_ACCOUNT ?? null,
    };
  },
};
