import { randomInt } from 'node:crypto';
import { CODE_BILL_ALPHABET, CODE_BILL_LENGTH, CODE_BILL_PREFIX } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { Site } from '../site/index.js';
import { findCodeBill, setCodeBillIfUnset } from '../auth/index.js';
import type { MethodConfig } from './providers/types.js';
import { methodConfig } from './settings.js';
import { buildVietQr } from './vietqr.js';

export function newCodeBill(): string {
  let code = CODE_BILL_PREFIX;
  for (let i = 0; i < CODE_BILL_LENGTH; i++) {
    code += CODE_BILL_ALPHABET[randomInt(CODE_BILL_ALPHABET.length)];
  }
  return code;
}

/** The user's fixed transfer code, given on first need (a collision just draws again). */
export async function ensureCodeBill(ctx: Pick<AppContext, 'db'>, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await findCodeBill(ctx.db, userId);
    if (!row) {
      throw new AppError('USER_NOT_EXISTS');
    }
    if (row.code) {
      return row.code;
    }
    try {
      await setCodeBillIfUnset(ctx.db, userId, newCodeBill());
    } catch (err) {
      if (!isUniqueViolation(err)) {
        throw err;
      }
    }
  }
  throw new Error('could not draw a unique codeBill');
}

const CODE_RE = new RegExp(`${CODE_BILL_PREFIX}[${CODE_BILL_ALPHABET}]{${CODE_BILL_LENGTH}}`, 'g');

/**
 * Every code the transfer content could carry, case-insensitively. Banks glue their own text to
 * it ("MBVCB.123.NAP7KQ2MX.CT tu…"), so any position counts, overlapping ones included.
 */
export function codeBillCandidates(content: string): string[] {
  const upper = content.toUpperCase();
  const found = new Set<string>();
  for (let i = upper.indexOf(CODE_BILL_PREFIX); i >= 0; i = upper.indexOf(CODE_BILL_PREFIX, i + 1)) {
    CODE_RE.lastIndex = i;
    const m = CODE_RE.exec(upper);
    if (m && m.index === i) {
      found.add(m[0]);
    }
  }
  return [...found];
}

export function bankAccountOf(cfg: MethodConfig) {
  return {
    bankName: cfg.values.bankName ?? '',
    bin: cfg.values.bin ?? '',
    accountNumber: cfg.values.accountNumber ?? '',
    accountName: cfg.values.accountName ?? '',
  };
}

export function bankQr(cfg: MethodConfig, codeBill: string, amount?: number): string | null {
  const { bin, accountNumber } = bankAccountOf(cfg);
  if (!bin || !accountNumber) {
    return null;
  }
  return buildVietQr({ bin, accountNumber, amount, content: codeBill });
}

/** The site's bank-webhook key: its own setting, else BANK_WEBHOOK_KEY for the default site. */
export function bankWebhookKey(ctx: Pick<AppContext, 'keys' | 'config'>, site: Site): string | undefined {
  return (
    methodConfig(ctx, site, 'bank').secrets.webhookKey ?? (site.isDefault ? ctx.config.BANK_WEBHOOK_KEY : undefined)
  );
}
