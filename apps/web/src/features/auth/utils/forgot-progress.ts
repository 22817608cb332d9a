import { EMAIL_RE } from '@proxy/contract';

/**
 * Where "forgot password" stands in this tab (sessionStorage), so a reload stays on the code
 * step with its resend countdown: the address and when its code was sent. The address is not a
 * secret; the code and the reset token are never stored.
 */
export interface ForgotProgress {
  email: string;
  /** When the last code was sent (ms, this device's clock). */
  sentAt: number;
}

const KEY = 'forgotPassword';

export function loadForgotProgress(): ForgotProgress | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<ForgotProgress> | null;
    if (raw && typeof raw.email === 'string' && EMAIL_RE.test(raw.email) && typeof raw.sentAt === 'number') {
      return { email: raw.email, sentAt: raw.sentAt };
    }
  } catch {
    // Unreadable: start over.
  }
  return null;
}

export function saveForgotProgress(progress: ForgotProgress | null): void {
  if (progress) {
    sessionStorage.setItem(KEY, JSON.stringify(progress));
  } else {
    sessionStorage.removeItem(KEY);
  }
}

/** Seconds left before another code may be asked for, given when the last one was sent. */
export function resendWait(sentAt: number, resendSeconds: number, nowMs: number = Date.now()): number {
  return Math.max(0, Math.ceil(resendSeconds - (nowMs - sentAt) / 1000));
}
