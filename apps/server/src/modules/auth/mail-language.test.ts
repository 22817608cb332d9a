import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxJob } from '../../jobs/outbox.js';
import { runJob } from '../../jobs/runner.js';
import { build, type TestApp } from '../../../test/helper.js';
import { emitAlert } from '../notifications/index.js';
import { findUserBySiteEmail } from './queries.js';

/** The sign-up language is the account's language for its mails and alerts (docs/product-rules.md#mail-language). */

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const EN_SITE = 'proxy-owner.localhost';
const VIETNAMESE = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i;

const post = (url: string, payload: object, host = 'localhost') =>
  t.inject({ method: 'POST', url, payload, headers: { host } });

async function register(email: string, lang: 'vi' | 'en' | undefined, host = 'localhost') {
  const res = await post(
    '/api/auth/register',
    { email, password: 'abcdef1', passwordConfirm: 'abcdef1', ...(lang && { lang }) },
    host,
  );
  expect(res.statusCode, res.body).toBe(200);
  expect((await post('/api/auth/verify', { email, code: t.mailer.lastCode(email) }, host)).statusCode).toBe(200);
}

const lastMail = (email: string) => [...t.mailer.mails].reverse().find((m) => m.to === email)!;

/** A low-balance alert to the account, delivered; returns its mail. */
async function alertMail(email: string, host = 'localhost') {
  const site = await t.app.sites.resolve(host);
  const user = await findUserBySiteEmail(t.ctx.db, site.id, email);
  await emitAlert(t.ctx, t.ctx.db, {
    userId: user!.id,
    type: 'balance.low',
    key: `low:${user!.id}:test`,
    data: { balance: 1_000, threshold: 5_000 },
  });
  await runJob(t.ctx, outboxJob, { wait: true });
  return lastMail(email);
}

describe('mail language', () => {
  it('should mail an English sign-up in English: its code, then its alerts', async () => {
    const email = 'english-signup@example.com';
    await register(email, 'en');
    const code = t.mailer.mails.find((m) => m.to === email)!;
    expect(code.subject).toMatch(/verification code \d{6}$/);
    expect(`${code.subject}\n${code.text}`).not.toMatch(VIETNAMESE);
    const alert = await alertMail(email);
    expect(alert.subject).toMatch(/^Low balance: /);
  });

  it('should mail a Vietnamese sign-up in Vietnamese, and one without a language too', async () => {
    for (const [email, lang] of [
      ['viet-signup@example.com', 'vi'],
      ['no-lang-signup@example.com', undefined],
    ] as const) {
      await register(email, lang);
      const code = t.mailer.mails.find((m) => m.to === email)!;
      expect(code.subject).toMatch(/mã xác minh \d{6}$/);
      expect(code.text).not.toMatch(/Your code/);
      expect((await alertMail(email)).subject).toMatch(/^Số dư thấp/);
    }
  });

  it("should write a password-reset code in the account's language", async () => {
    const email = 'english-reset@example.com';
    await register(email, 'en');
    t.clock.advance(61_000);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    expect(lastMail(email).subject).toMatch(/password reset code \d{6}$/);
  });

  it('should mail only in English on a forced-English site, whatever the page or the settings say', async () => {
    const email = 'forced-english@example.com';
    await register(email, 'vi', EN_SITE);
    const code = t.mailer.mails.find((m) => m.to === email)!;
    expect(`${code.subject}\n${code.text}`).not.toMatch(VIETNAMESE);
    const site = await t.app.sites.resolve(EN_SITE);
    const user = await findUserBySiteEmail(t.ctx.db, site.id, email);
    // Even an account whose saved choice is Vietnamese.
    await t.ctx.db.execute(sql`update notify_settings set language = 'vi' where user_id = ${user!.id}`);
    expect((await alertMail(email, EN_SITE)).subject).toMatch(/^Low balance: /);
  });
});
