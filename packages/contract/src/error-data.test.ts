import { describe, expect, it } from 'vitest';
import { ERROR_DATA, type ErrorData, type ErrorDataCode } from './error-data.js';
import { isErrorCode } from './errors.js';

/** For each code of the map: data the server sends (one sample per shape) and a wrong shape. */
const SAMPLES: { [C in ErrorDataCode]: { ok: ErrorData<C>[]; wrong: unknown } } = {
  VALIDATION_ERROR: {
    ok: [
      { issues: [{ path: 'body.amount', message: 'too big' }] },
      { issues: [{ path: ['recaptcha', 'secretKey'], message: 'Required' }] },
      { issues: [{ path: 'body.quantity', message: 'step' }], quantityStep: 5, maxQuantity: 100, quantity: 10 },
      { field: 'amount', max: 5000 },
      { issues: [{ path: 'body.amount', message: 'multiple' }], step: 1000 },
    ],
    wrong: { issues: [{ path: 3, message: 'x' }] },
  },
  IDEMPOTENCY_KEY_REUSED: {
    ok: [{ orderId: '0b0e3f6c-6f8e-4a9e-9a51-2f1d3c4b5a69' }, { transferId: 'a' }],
    wrong: { order: 'x' },
  },
  FORBIDDEN: { ok: [{ product: 'key' }], wrong: { product: 'bought' } },
  MAINTENANCE: {
    ok: [{ message: 'Bảo trì', messageEng: 'Maintenance', until: null }],
    wrong: { message: 'x', until: 5 },
  },
  TOO_MANY_REQUEST: { ok: [{ remainTime: 42 }], wrong: { remainTime: '42' } },
  CHANGE_PASSWORD_TOO_FAST: { ok: [{ remainTime: 120 }], wrong: {} },
  RESET_TOO_FAST: { ok: [{ remainTime: 1 }], wrong: { remainTime: -1 } },
  GET_IP_TOO_FAST: { ok: [{ remainTime: 0 }], wrong: { remainTime: 1.5 } },
  INVALID_IP: { ok: [{ max: 3 }, { message: 'an IPv4 CIDR from /20 to /32' }], wrong: { max: '3' } },
  NOT_ENOUGT_PROXY: {
    ok: [{ available: 2 }, { reason: 'noFreeAddress', product: 'v6', country: 'US', available: 0 }],
    wrong: { reason: 'noFreeAddress' },
  },
  NOT_ENOUGHT_KEY: { ok: [{ available: 0 }], wrong: { available: 'none' } },
  ORDER_NOT_EXPIRED: { ok: [{ orderId: 'o1' }], wrong: { id: 'o1' } },
  BANDWIDTH_MAX: { ok: [{ maxGb: 100, currentGb: 90 }], wrong: { maxGb: 100 } },
  COUNTRY_IN_USE: { ok: [{ count: 3 }], wrong: { count: 0 } },
  PRICE_IN_USE: { ok: [{ count: 1 }], wrong: { live: 1 } },
  PAYMENT_ERROR: { ok: [{ reason: 'stripe webhook: bad signature' }], wrong: { reason: 1 } },
  CREDIT_ERROR: { ok: [{ reason: 'no url' }], wrong: {} },
  MOMO_ERROR: { ok: [{ resultCode: 1006 }, { resultCode: null }, { reason: 'HTTP 500' }], wrong: { resultCode: 'x' } },
  ADMIN_ERROR: {
    ok: [{ reason: 'the proxy checker has no echo target' }, { reason: 'supplierRefused', supplierMessage: 'P6: no' }],
    wrong: { message: 'x' },
  },
  BANKING_AMOUNT_NOT_ENOUGH: { ok: [{ minAmount: 10000 }], wrong: { min: 10000 } },
  INVALID_HOST: { ok: [{ host: 'bad host' }], wrong: { host: ['a'] } },
  HOST_EXISTS: { ok: [{ hosts: ['shop.example'] }], wrong: { hosts: 'shop.example' } },
  SITE_NOT_EXISTS: { ok: [{ copyCatalogFrom: 'other' }], wrong: { copyCatalogFrom: null } },
  INVALID_IMAGE: { ok: [{ maxBytes: 262144 }], wrong: { maxBytes: '256k' } },
  OUTBOUND_URL_NOT_ALLOWED: {
    ok: [{ field: 'webhookUrl', issues: [{ path: 'body.webhookUrl', message: 'private address' }] }],
    wrong: { field: 'webhookUrl' },
  },
  NOT_ENOUGH_MONEY: { ok: [{ price: 36_000, balance: 10_000, short: 26_000 }], wrong: { price: 36_000, short: 0 } },
  TOO_MANY_LINES: { ok: [{ max: 1000, lines: 1001 }], wrong: { max: 1000, lines: '1001' } },
};

describe('the data of error answers (docs/wire-contract.md#errors)', () => {
  it('should key every entry by a contract error code', () => {
    expect(Object.keys(ERROR_DATA).filter((code) => !isErrorCode(code))).toEqual([]);
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(ERROR_DATA).sort());
  });

  for (const [code, schema] of Object.entries(ERROR_DATA)) {
    const sample = SAMPLES[code as ErrorDataCode];
    it(`should accept the data ${code} carries and refuse a wrong shape`, () => {
      for (const ok of sample.ok) {
        expect(schema.safeParse(ok).success, JSON.stringify(ok)).toBe(true);
      }
      expect(schema.safeParse(sample.wrong).success).toBe(false);
      expect(schema.safeParse('not an object').success).toBe(false);
    });
  }
});
