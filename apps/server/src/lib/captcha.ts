import { createChallenge, verifySolution } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import type { DbOrTx } from '../db/client.js';
import { spendCaptchaSolution } from '../modules/rate-limits/index.js';
import { AppError } from './errors.js';

const CHALLENGE_TTL_MS = 10 * 60_000;
// ~25k SHA-256 hashes on average: well under a second in a browser, a real cost for a bot farm.
const MAX_NUMBER = 50_000;

export function newAltchaChallenge(hmacKey: string): Promise<Challenge> {
  return createChallenge({ hmacKey, maxnumber: MAX_NUMBER, expires: new Date(Date.now() + CHALLENGE_TTL_MS) });
}

interface AltchaPayload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function decodePayload(raw: string): AltchaPayload | null {
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Partial<AltchaPayload>;
    if (
      typeof parsed.algorithm !== 'string' ||
      typeof parsed.challenge !== 'string' ||
      typeof parsed.number !== 'number' ||
      typeof parsed.salt !== 'string' ||
      typeof parsed.signature !== 'string'
    ) {
      return null;
    }
    return parsed as AltchaPayload;
  } catch {
    return null;
  }
}

/** Verifies an ALTCHA solution and spends it, so the same solution cannot pass twice. */
export async function verifyAltcha(db: DbOrTx, hmacKey: string, raw: string | undefined): Promise<void> {
  if (!raw) {
    throw new AppError('INVALID_CAPTCHA');
  }
  const payload = decodePayload(raw);
  if (!payload) {
    throw new AppError('INVALID_CAPTCHA');
  }
  const ok = await verifySolution(
    { ...payload, algorithm: payload.algorithm as Challenge['algorithm'] },
    hmacKey,
    true,
  ).catch(() => false);
  if (!ok) {
    throw new AppError('INVALID_CAPTCHA');
  }
  const expires = new Date(Date.now() + CHALLENGE_TTL_MS).toISOString();
  if (!(await spendCaptchaSolution(db, payload.signature, expires))) {
    throw new AppError('INVALID_CAPTCHA');
  }
}

/** Google reCAPTCHA, for sites that configured their own keys. */
export async function verifyRecaptcha(secretKey: string, token: string | undefined, remoteIp: string): Promise<void> {
  if (!token) {
    throw new AppError('INVALID_CAPTCHA');
  }
  const body = new URLSearchParams({ secret: secretKey, response: token, remoteip: remoteIp });
  const res = await fetch('https://www.google.com/recaptcha/api/siteverify', { method: 'POST', body }).catch(
    () => null,
  );
  if (!res?.ok) {
    throw new AppError('INVALID_CAPTCHA');
  }
  const json = (await res.json()) as { success?: boolean };
  if (!json.success) {
    throw new AppError('INVALID_CAPTCHA');
  }
}
