import { authenticator } from 'otplib';

authenticator.options = { window: 1, step: 30 };

export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function totpUrl(email: string, issuer: string, secret: string): string {
  return authenticator.keyuri(email, issuer, secret);
}

/**
 * Checks a TOTP code and returns the time step it matched, or null. The caller stores the step
 * and refuses steps at or below it, so one code cannot be used twice.
 */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  const step = Math.floor(nowMs / 30_000);
  for (const delta of [0, -1, 1]) {
    const s = step + delta;
    const expected = authenticator.clone({ epoch: s * 30_000, window: 0 }).generate(secret);
    if (expected === code) {
      return s;
    }
  }
  return null;
}

export function totpNow(secret: string, nowMs: number): string {
  return authenticator.clone({ epoch: nowMs, window: 0 }).generate(secret);
}
