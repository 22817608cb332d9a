import type { ErrorCode } from '@proxy/contract';
import { AppError } from './errors.js';

/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it in `cause`). */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string } | null {
  let e: unknown = err;
  for (let depth = 0; depth < 3 && e && typeof e === 'object'; depth++) {
    const o = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code)) {
      return { code: o.code, constraint: typeof o.constraint === 'string' ? o.constraint : undefined };
    }
    e = o.cause;
  }
  return null;
}

export function isUniqueViolation(err: unknown): boolean {
  return pgErrorOf(err)?.code === '23505';
}

const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const TRANSIENT_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/**
 * A failure of the database connection rather than of the request: the server restarting or a
 * backend terminated (class 08 connection exceptions, 57P01-57P03 shutdowns, 53300 too many
 * connections), or the socket gone. Nothing was committed, so the client may simply try again.
 */
export function isTransientDbError(err: unknown): boolean {
  const pgCode = pgErrorOf(err)?.code;
  if (pgCode && (pgCode.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(pgCode))) {
    return true;
  }
  let e: unknown = err;
  for (let depth = 0; depth < 3 && e && typeof e === 'object'; depth++) {
    const o = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && TRANSIENT_NODE_CODES.has(o.code)) {
      return true;
    }
    if (typeof o.message === 'string' && TRANSIENT_MESSAGES.some((m) => (o.message as string).includes(m))) {
      return true;
    }
    e = o.cause;
  }
  return false;
}

/**
 * `work`, with the unique violation it may throw answered as `code`: where a unique index decides
 * a race (two concurrent creates of one name), the loser gets the same answer as a late caller.
 */
export async function uniqueViolationAs<T>(code: ErrorCode, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError(code);
    }
    throw err;
  }
}
