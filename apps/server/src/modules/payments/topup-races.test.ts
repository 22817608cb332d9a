import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { balanceOf, build, countRows, customer, type TestApp } from '../../../test/helper.js';
import { startFakeBytepay, type FakeBytepay } from '../../../test/fakes/index.js';
import {
  BANK_KEY,
  codeBillOf,
  configureMethod,
  expectLedgerHolds,
  listenForProviders,
  postBank,
  sepay,
  setPromotion,
  siteAdmin,
  topupById,
} from '../../../test/payments.js';

/**
 * Races on one top-up, through the real server: many deliveries of one transfer, and an admin's
 * reject against a credit. Every request gets an answer below 500, and the ledger audit holds
 * after each round.
 */
let t: TestApp;
let fake: FakeBytepay;
let admin: Awaited<ReturnType<typeof siteAdmin>>;

beforeAll(async () => {
  t = await build({ BANK_WEBHOOK_KEY: BANK_KEY });
  await listenForProviders(t);
  fake = await startFakeBytepay();
  await configureMethod(t, 'bytepay', { enabled: true, ...fake.config });
  await setPromotion(t, null);
  admin = await siteAdmin(t);
});
afterAll(async () => {
  await fake.close();
  await t.close();
});
afterEach(async () => {
  await expectLedgerHolds(t);
});

async function announce(token: string, amount: number): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/user/bank-create-order', token, payload: { amount } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

function reject(id: string) {
  return t.inject({ method: 'PUT', url: `/api/bill/admin/topup/${id}/reject`, token: admin.token });
}

/**
 * The rejects of a round, spread over the time a credit takes: round by round they start a little
 * later, so that over the rounds some land before the credit, some during it and some after.
 * Either order is a valid outcome; the assertions hold for both.
 */
function rejectsSpread(id: string, round: number) {
  return Array.from({ length: REJECTS }, (_, k) =>
    new Promise<void>((r) => setTimeout(r, (round % 10) + 2 * k)).then(() => reject(id)),
  );
}

/** Each reject answers 200 or 409 PAYMENT_ALREADY_DONE; returns how many went through. */
function rejectsDone(results: LightMyRequestResponse[]): number {
  for (const r of results) {
    expect([200, 409], r.body).toContain(r.statusCode);
    if (r.statusCode === 409) {
      expect(r.json().message).toBe('PAYMENT_ALREADY_DONE');
    }
  }
  return results.filter((r) => r.statusCode === 200).length;
}

const ROUNDS = 6;
const DELIVERIES = 50;

describe('concurrent deliveries of a transfer settling an announced top-up', () => {
  it(`should answer all ${DELIVERIES} with 200, credit once and settle the announced top-up (${ROUNDS} rounds)`, async () => {
    const statuses = new Map<number, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const c = await customer(t);
      const announced = await announce(c.token, 200_000);
      const body = sepay(`${await codeBillOf(t, c.id)} ck`, 200_000);
      const results = await Promise.all(Array.from({ length: DELIVERIES }, () => postBank(t, body)));
      for (const r of results) {
        statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
      }
      expect(results.map((r) => r.statusCode)).toEqual(Array(DELIVERIES).fill(200));
      expect(await balanceOf(t, c.id)).toBe(200_000);
      expect(await countRows(t, `transactions where user_id = '${c.id}'`)).toBe(1);
      // The announced top-up itself is the one settled; no second row for the transfer.
      expect(await topupById(t, announced)).toMatchObject({ status: 'success', providerTxnId: String(body.id) });
      expect(await countRows(t, `topups where user_id = '${c.id}'`)).toBe(1);
      await expectLedgerHolds(t);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: ROUNDS * DELIVERIES });
  });
});

const REJECT_ROUNDS = 20;
const REJECTS = 5;

describe("an admin's reject racing a credit", () => {
  it(`should end a bank top-up either credited or rejected, never rejected with the money (${REJECT_ROUNDS} rounds)`, async () => {
    const outcomes = { creditWon: 0, rejectWon: 0 };
    for (let round = 0; round < REJECT_ROUNDS; round++) {
      const c = await customer(t);
      const announced = await announce(c.token, 150_000);
      const body = sepay(`${await codeBillOf(t, c.id)} ck`, 150_000);
      const [delivery, ...rejects] = await Promise.all([postBank(t, body), ...rejectsSpread(announced, round)]);
      expect(delivery.statusCode, delivery.body).toBe(200);
      const rejected = rejectsDone(rejects);
      const intent = await topupById(t, announced);
      // The transfer is credited either way: on the announced top-up, or (rejected) on a row of its own.
      expect(await balanceOf(t, c.id)).toBe(150_000);
      expect(await countRows(t, `transactions where user_id = '${c.id}'`)).toBe(1);
      if (intent.status === 'success') {
        expect(rejected).toBe(0);
        outcomes.creditWon++;
      } else {
        expect(intent.status).toBe('failed');
        expect(rejected).toBeGreaterThan(0);
        expect(await countRows(t, `transactions where ref_id = '${announced}'`)).toBe(0);
        outcomes.rejectWon++;
      }
      await expectLedgerHolds(t);
    }
    expect(outcomes.creditWon + outcomes.rejectWon).toBe(REJECT_ROUNDS);
    console.info(`bank reject race: ${JSON.stringify(outcomes)}`);
  });

  it(`should end a provider top-up either credited or rejected without credit (${REJECT_ROUNDS} rounds)`, async () => {
    const outcomes = { creditWon: 0, rejectWon: 0 };
    for (let round = 0; round < REJECT_ROUNDS; round++) {
      const c = await customer(t);
      const created = await t.inject({
        method: 'POST',
        url: '/api/user/bytepay-create-order',
        token: c.token,
        payload: { amount: 240_000 },
      });
      expect(created.statusCode, created.body).toBe(200);
      const topup = created.json();
      fake.pay(topup.instructions.orderId);
      const [ipn, ...rejects] = await Promise.all([
        fake.sendIpn(topup.instructions.orderId),
        ...rejectsSpread(topup.id, round),
      ]);
      expect(ipn.status, ipn.body).toBe(200);
      const rejected = rejectsDone(rejects);
      const after = await topupById(t, topup.id);
      if (after.status === 'success') {
        expect(rejected).toBe(0);
        expect(await balanceOf(t, c.id)).toBe(240_000);
        outcomes.creditWon++;
      } else {
        expect(after.status).toBe('failed');
        expect(rejected).toBeGreaterThan(0);
        expect(await balanceOf(t, c.id)).toBe(0);
        outcomes.rejectWon++;
      }
      await expectLedgerHolds(t);
    }
    expect(outcomes.creditWon + outcomes.rejectWon).toBe(REJECT_ROUNDS);
    console.info(`provider reject race: ${JSON.stringify(outcomes)}`);
  });
});
