import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { emailCodes } from '../../db/schema/index.js';
import { hmacHex, randomDigits } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { enqueueMail, kickOutbox } from '../outbox/index.js';
import { LIMITS, type RequestMeta } from './guards.js';

/** Mailed one-time codes (email verification and password reset), with their statements. */

function codeHash(ctx: AppContext, email: string, purpose: string, code: string): string {
  return hmacHex(ctx.keys.otp, `${purpose}:${email}:${code}`);
}

/**
 * The language of a code mail: English on a forced-English site, else the page's language for a
 * new registration (`lang`), else the account's own, else Vietnamese.
 */
async function codeMailLanguage(
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
  pageLang: 'vi' | 'en' | undefined,
): Promise<'vi' | 'en'> {
  if (meta.site.forceEnglish) {
    return 'en';
  }
  return pageLang ?? (await findMailLanguage(ctx.db, meta.site.id, email)) ?? 'vi';
}

function codeMail(
  lang: 'vi' | 'en',
  purpose: 'verify' | 'reset',
  siteTitle: string,
  code: string,
): { subject: string; text: string } {
  if (lang === 'en') {
    return {
      subject: `${siteTitle}: ${purpose === 'verify' ? 'verification code' : 'password reset code'} ${code}`,
      text: [`Your code is: ${code} (valid for 10 minutes).`, '', 'If you did not ask for it, ignore this mail.'].join(
        '\n',
      ),
    };
  }
  return {
    subject: `${siteTitle}: ${purpose === 'verify' ? 'mã xác minh' : 'mã đặt lại mật khẩu'} ${code}`,
    text: [`Mã của bạn là: ${code} (hiệu lực 10 phút).`, '', 'Nếu bạn không yêu cầu mã này, hãy bỏ qua thư.'].join(
      '\n',
    ),
  };
}

/**
 * Issues a new OTP; returns the seconds until the next may be. A resend less than a minute after
 * the last code is refused, but a registration always gets its own code: the code carries the
 * registration's password (`passwordHash`), which only that code may set. The per-address hourly
 * limit applies to both.
 */
export async function issueCode(
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
  purpose: 'verify' | 'reset',
  opts: { passwordHash?: string | null; registration?: boolean; lang?: 'vi' | 'en' } = {},
): Promise<number> {
  const now = ctx.clock.now();
  const last = await latestEmailCode(ctx.db, meta.site.id, email, purpose);
  if (last && !opts.registration) {
    const elapsed = (now.getTime() - last.createdAt.getTime()) / 1000;
    if (elapsed < OTP_RESEND_SECONDS) {
      throw new AppError('TOO_MANY_REQUEST', { remainTime: Math.ceil(OTP_RESEND_SECONDS - elapsed) });
    }
  }
  await hitLimit(ctx.db, ctx.clock, { key: `otp:acct:${meta.site.id}:${email}`, ...LIMITS.otpAccount });
  const code = randomDigits(OTP_LENGTH);
  const lang = await codeMailLanguage(ctx, meta, email, opts.lang);
  const { subject, text } = codeMail(lang, purpose, meta.site.title, code);
  // The code and its mail commit together; the mail goes out right after the commit.
  const mailId = await ctx.db.transaction(async (tx) => {
    await insertEmailCode(tx, {
      id: randomUUID(),
      siteId: meta.site.id,
      email,
      purpose,
      codeHash: codeHash(ctx, email, purpose, code),
      passwordHash: opts.passwordHash ?? null,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      createdAt: now,
    });
    return enqueueMail(ctx, tx, { to: email, subject, text });
  });
  await kickOutbox(ctx, [mailId]);
  return OTP_RESEND_SECONDS;
}

/**
 * Checks an OTP: the newest code for the address and purpose, unexpired, with attempts left.
 * Each check spends an attempt first, so parallel guesses cannot exceed the limit. The caller
 * consumes the code (a conditional update) together with what the code grants.
 */
export async function matchCode(
  ctx: AppContext,
  meta: RequestMeta,
  email: string,
  purpose: 'verify' | 'reset',
  code: string,
): Promise<EmailCode> {
  const now = ctx.clock.now();
  const row = await latestEmailCode(ctx.db, meta.site.id, email, purpose);
  if (!row || row.consumedAt || row.expiresAt <= now) {
    throw new AppError('VERIFY_EMAIL_FAIL_EXP');
  }
  if (!(await spendCodeAttempt(ctx.db, row.id, OTP_MAX_ATTEMPTS))) {
    throw new AppError('VERIFY_EMAIL_FAIL_EXP');
  }
  if (row.codeHash !== codeHash(ctx, email, purpose, code)) {
    throw new AppError('WRONG_CODE');
  }
  return row;
}

/** Uses a matched code up; of parallel requests with the same code only one gets past this. */
export async function spendCode(ctx: AppContext, db: DbOrTx, row: EmailCode): Promise<void> {
  if (!(await consumeCode(db, row.id, ctx.clock.now()))) {
    throw new AppError('VERIFY_EMAIL_FAIL_EXP');
  }
}

export type EmailCode = typeof emailCodes.$inferSelect;

async function latestEmailCode(
  db: DbOrTx,
  siteId: string,
  email: string,
  purpose: 'verify' | 'reset',
): Promise<EmailCode | undefined> {
  const rows = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.siteId, siteId), eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return rows[0];
}

async function insertEmailCode(db: DbOrTx, values: typeof emailCodes.$inferInsert): Promise<void> {
  await db.insert(emailCodes).values(values);
}

/** Spends one attempt atomically; false when the code has no attempts left or is already used. */
async function spendCodeAttempt(db: DbOrTx, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt), sql`${emailCodes.attempts} < ${maxAttempts}`))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

async function consumeCode(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: at })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

/** The language the account chose for its mails, if any (the caller applies a forced-English site first). */
async function findMailLanguage(db: DbOrTx, siteId: string, email: string): Promise<'vi' | 'en' | undefined> {
  const rows = await queryRows<{ language: 'vi' | 'en' | null }>(
    db,
    sql`select n.language from users u join notify_settings n on n.user_id = u.id
         where u.site_id = ${siteId} and u.email = ${email}`,
  );
  return rows[0]?.language ?? undefined;
}
