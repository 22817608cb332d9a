import { PAYMENT_METHODS, ZErrorBody, ZMe, ZSiteInfo } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { regexes } from 'zod/v4/core';
import { ISO_DATETIME_OFFSET, readErrorBody, readMe, readPartialSiteInfo, readSiteInfo } from '../first-load-schemas';
import { read, type Reader } from '../plain-reader';

const site = {
  title: 'Proxy',
  color: '#2196F3',
  logo: '',
  googlePixel: null,
  isOpenV6: true,
  isOpenV4: false,
  isOpenKey: true,
  showAgencyApi: false,
  forceEnglish: false,
  companyFooter: false,
  companyName: null,
  captcha: { provider: 'altcha', siteKey: null },
  googleClientId: null,
  promotion: { tiers: [{ minAmount: 100, percent: 5 }], endsAt: null },
  maintenance: { enabled: true, message: ' Bảo trì ', messageEng: 'Down', until: '2026-01-01T00:00:00+07:00' },
  timeZone: 'Asia/Ho_Chi_Minh',
  paymentMethods: ['bank', 'momo'],
};

const me = {
  id: 'u1',
  email: 'a@b.cd',
  role: 1,
  balance: 5000,
  apiKey: null,
  ownerAgency: 'ag',
  twoFactorEnabled: false,
  autoRenewPrivate: true,
  hasPassword: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Values of every JSON kind (and a few edge numbers) put in place of each field. */
const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  '',
  'x',
  ' padded ',
  'x'.repeat(501),
  0,
  -1,
  1.5,
  2 ** 60,
  true,
  false,
  [],
  [1],
  {},
  'altcha',
  'hcaptcha',
  '2026-01-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
];

/** The value itself, then it with each field (at any depth) replaced by each of REPLACEMENTS. */
function variants(value: unknown): unknown[] {
  const out: unknown[] = [value];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      for (const inner of [...REPLACEMENTS, ...variants(item).slice(1)]) {
        out.push(value.map((v, i) => (i === index ? inner : v)));
      }
    });
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const { [key]: _dropped, ...without } = record;
      out.push(without, { ...record, extra: 1 });
      for (const inner of [...REPLACEMENTS, ...variants(record[key]).slice(1)]) {
        out.push({ ...record, [key]: inner });
      }
    }
  }
  return out;
}

function expectSameAnswers<T>(reader: Reader<T>, contract: z.ZodType, inputs: unknown[]) {
  let accepted = 0;
  for (const input of inputs) {
    const parsed = contract.safeParse(input);
    expect(read(reader, input), JSON.stringify(input)).toEqual(parsed.success ? parsed.data : null);
    accepted += parsed.success ? 1 : 0;
  }
  // Both kinds of answers were compared.
  expect(accepted).toBeGreaterThan(0);
  expect(accepted).toBeLessThan(inputs.length);
}

describe('first-load readers (plain twins of the contract schemas)', () => {
  it('should read an error body as ZErrorBody does', () => {
    expectSameAnswers(readErrorBody, ZErrorBody, [
      ...variants({ message: 'BALANCE_LOW', data: { need: 5 } }),
      ...variants({ message: 'X' }),
      'text',
      null,
      undefined,
      [],
    ]);
  });

  it('should read a stored user as ZMe does', () => {
    expectSameAnswers(readMe, ZMe, [...variants(me), null, 'me']);
  });

  it('should read a site info (trimmed texts) as ZSiteInfo does, and refuse what it refuses', () => {
    expectSameAnswers(readSiteInfo, ZSiteInfo, [...variants(site), { ...site, promotion: null, maintenance: null }]);
    expect(readSiteInfo(site).maintenance?.message).toBe('Bảo trì');
  });

  it('should read a partial site info as ZSiteInfo.partial() does', () => {
    expectSameAnswers(readPartialSiteInfo, ZSiteInfo.partial(), [...variants(site), {}, { title: 'T' }, null]);
  });

  it("should check the maintenance end with zod's own ISO date-time pattern", () => {
    expect(ISO_DATETIME_OFFSET.source).toBe(regexes.datetime({ offset: true }).source);
  });
});

describe('the payment methods the first load reads', () => {
  it('should list every method the contract has', () => {
    expect(readSiteInfo({ ...site, paymentMethods: [...PAYMENT_METHODS] }).paymentMethods).toEqual([
      ...PAYMENT_METHODS,
    ]);
  });
});
