import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { DEFAULT_PROMOTION, type PaymentMethod } from '@proxy/contract';
import { promotions } from '../src/db/schema/index.js';
import { ensureCodeBill } from '../src/modules/payments/bank.js';
import { findTopupMismatches } from '../src/modules/payments/index.js';
import { findTopup, type TopupRow } from '../src/modules/payments/queries.js';
import { updateMethodConfig, updatePublicUrl } from '../src/modules/payments/settings.js';
import { build, createUser, ledgerMismatches, login, type TestApp } from './helper.js';

export const BANK_KEY = 'test-bank-webhook-key';

export async function siteId(t: TestApp, host = 'localhost'): Promise<string> {
  return (await t.app.sites.resolve(host)).id;
}

/** Sets a method's config as an admin would (secrets sealed), and drops the site cache. */
export async function configureMethod(
  t: TestApp,
  method: PaymentMethod,
  config: Record<string, unknown>,
  host = 'localhost',
): Promise<void> {
  await updateMethodConfig(t.ctx, await siteId(t, host), method, config);
  t.app.sites.invalidate();
}

/** The site's promotion setting: tiers, null (none), or undefined (the default tiers). */
/**
 * The site's running promotion: undefined → the default tiers, null → none, else these tiers.
 * Stops whatever ran before (the rows stay, switched off).
 */
export async function setPromotion(
  t: TestApp,
  promotion: { tiers: { minAmount: number; percent: number }[] } | null | undefined,
  host = 'localhost',
) {
  const id = await siteId(t, host);
  await t.ctx.db.update(promotions).set({ active: false }).where(eq(promotions.siteId, id));
  if (promotion !== null) {
    const tiers = (promotion ?? DEFAULT_PROMOTION).tiers.map((x) => ({ ...x }));
    const at = new Date('2020-01-01T00:00:00Z');
    await t.ctx.db.insert(promotions).values({
      id: randomUUID(),
      siteId: id,
      name: 'test',
      tiers,
      startsAt: at,
      active: true,
      createdAt: at,
      updatedAt: at,
    });
  }
}

export async function codeBillOf(t: TestApp, userId: string): Promise<string> {
  return ensureCodeBill(t.ctx, userId);
}

let nextSepayId = randomInt(1_000_000, 9_000_000);

/** A SePay webhook body, as the bank posts it. */
export function sepay(content: string, transferAmount: number, extra: Record<string, unknown> = {}) {
  return {
    id: nextSepayId++,
    gateway: 'ACB',
    transactionDate: '2026-01-05 10:00:00',
    accountNumber: '0000000001',
    code: null,
    content,
    transferType: 'in',
    transferAmount,
    accumulated: 0,
    subAccount: null,
    referenceCode: `FT${nextSepayId}`,
    description: '',
    ...extra,
  };
}

export function postBank(t: TestApp, body: unknown, key: string | null = BANK_KEY, host = 'localhost') {
  return t.inject({
    method: 'POST',
    url: '/api/webhook/bank',
    headers: { host, ...(key === null ? {} : { authorization: `Apikey ${key}` }) },
    payload: body as Record<string, unknown>,
  });
}

/** docs/money.md#ledger: every balance is its ledger sum, and every success top-up credited exactly once. */
export async function expectLedgerHolds(t: TestApp): Promise<void> {
  expect(await ledgerMismatches(t)).toEqual([]);
  expect(await findTopupMismatches(t.ctx.db)).toEqual([]);
}

/**
 * Listens on a real port, so fake providers can post webhooks, and makes it the site's public URL,
 * so the return and webhook URLs handed to providers point here. Returns that base URL.
 */
export async function listenForProviders(t: TestApp, host = 'localhost'): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await updatePublicUrl(t.ctx, await siteId(t, host), address);
  t.app.sites.invalidate();
  return address;
}

/** An admin of the site (role 2), logged in. */
export async function siteAdmin(t: TestApp, host = 'localhost') {
  const u = await createUser(t, { role: 2, host });
  return { ...u, token: (await login(t, u, host)).accessToken };
}

export async function topupById(t: TestApp, id: string): Promise<TopupRow> {
  const row = await findTopup(t.ctx.db, id);
  if (!row) {
    throw new Error(`no top-up ${id}`);
  }
  return row;
}

export interface ProviderSuite<F> {
  t: TestApp;
  fake: F;
  /** The app's base URL, where the fake posts its webhooks. */
  base: string;
}

/**
 * The frame every payment-method test file shares: a fresh app listening for webhooks, the
 * provider's fake started and configured as the site's method, no promotion; after each test the
 * clock is reset and the ledger audit must hold. `ready` hands the file its app and fake.
 */
export function providerSuite<F extends { close(): Promise<void>; config: Record<string, unknown> }>(
  method: PaymentMethod,
  start: (s: { t: TestApp; base: string }) => Promise<F>,
  ready: (s: ProviderSuite<F>) => void,
  extraConfig: Record<string, unknown> = {},
): void {
  let suite: ProviderSuite<F> | null = null;
  beforeAll(async () => {
    const t = await build();
    const base = await listenForProviders(t);
    const fake = await start({ t, base });
    await configureMethod(t, method, { enabled: true, ...extraConfig, ...fake.config });
    await setPromotion(t, null);
    suite = { t, fake, base };
    ready(suite);
  });
  afterAll(async () => {
    await suite?.fake.close();
    await suite?.t.close();
  });
  afterEach(async () => {
    if (suite) {
      suite.t.clock.reset();
      await expectLedgerHolds(suite.t);
    }
  });
}
