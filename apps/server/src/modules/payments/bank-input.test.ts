import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, build, countRows, customer, type TestApp } from '../../../test/helper.js';
import { BANK_KEY, codeBillOf, expectLedgerHolds, sepay, setPromotion, siteId } from '../../../test/payments.js';
import { findTopupByProviderTxn } from './receive-transfer.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
  await setPromotion(t, null);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerHolds(t);
});

const MARK = '@@BAD@@';

/** The webhook body as raw JSON text, with MARK turned into a JSON escape PostgreSQL cannot store. */
function rawWith(body: Record<string, unknown>, escape: string): string {
  return JSON.stringify(body).replaceAll(MARK, escape);
}

function postRaw(raw: string) {
  return t.inject({
    method: 'POST',
    url: '/api/webhook/bank',
    headers: { authorization: `Apikey ${BANK_KEY}`, 'content-type': 'application/json' },
    payload: raw,
  });
}

/** Every string field SePay sends, and what a transfer with a bad character there comes to. */
const FIELDS: [field: string, outcome: 'credited' | 'held'][] = [
  ['id', 'credited'],
  ['gateway', 'credited'],
  ['transactionDate', 'credited'],
  ['accountNumber', 'held'],
  ['code', 'credited'],
  ['content', 'credited'],
  ['transferType', 'held'],
  ['subAccount', 'credited'],
  ['referenceCode', 'credited'],
  ['description', 'credited'],
];

const ESCAPES: [name: string, escape: string][] = [
  ['NUL', '\\u0000'],
  ['a lone high surrogate', '\\ud800'],
  ['a lone low surrogate', '\\udfff'],
  ['a reversed pair', '\\udc00\\ud800'],
];

describe('POST /api/webhook/bank with characters PostgreSQL cannot store', () => {
  for (const [escapeName, escape] of ESCAPES) {
    for (const [field, outcome] of FIELDS) {
      it(`should store a transfer with ${escapeName} in ${field}, replaced, and ${outcome === 'credited' ? 'credit' : 'hold'} it`, async () => {
        const c = await customer(t);
        const code = await codeBillOf(t, c.id);
        const base = sepay(`MBVCB.1.${code}.CT`, 110_000);
        const body: Record<string, unknown> = { ...base };
        const value = body[field];
        const before =
          field === 'code' ? code : typeof value === 'string' || typeof value === 'number' ? String(value) : '';
        body[field] = `${before}${MARK}`;
        const raw = rawWith(body, escape);
        for (let i = 0; i < 2; i++) {
          // A redelivery of the same transfer is the same one: still one row.
          const res = await postRaw(raw);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toEqual({ success: true });
        }
        // Each bad code unit becomes one U+FFFD.
        const replaced = '\uFFFD'.repeat(escape.split('\\u').length - 1);
        const id = field === 'id' ? `${base.id}${replaced}` : String(base.id);
        expect(await countRows(t, `topups where provider_txn_id like '${base.id}%'`)).toBe(1);
        const row = await findTopupByProviderTxn(t.ctx.db, await siteId(t), 'bank', id);
        expect(row).toBeDefined();
        const stored = (row!.meta.transfer as Record<string, unknown>)[field];
        expect(stored).toBe(`${before}${replaced}`);
        if (outcome === 'credited') {
          expect(row).toMatchObject({ status: 'success', userId: c.id, heldReason: null });
          expect(await balanceOf(t, c.id)).toBe(110_000);
        } else {
          expect(row).toMatchObject({ status: 'pending', userId: c.id });
          expect(row!.heldReason).not.toBeNull();
          expect(await balanceOf(t, c.id)).toBe(0);
        }
      });
    }
  }

  it('should keep a content cut at 500 characters well formed when the cut falls inside an emoji', async () => {
    const c = await customer(t);
    const code = await codeBillOf(t, c.id);
    const body = sepay(`${code} ${'😀'.repeat(495)}`, 120_000);
    const res = await postRaw(JSON.stringify(body));
    expect(res.statusCode, res.body).toBe(200);
    const row = await findTopupByProviderTxn(t.ctx.db, await siteId(t), 'bank', String(body.id));
    expect(row!.content).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    expect(await balanceOf(t, c.id)).toBe(120_000);
  });
});
