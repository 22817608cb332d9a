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
