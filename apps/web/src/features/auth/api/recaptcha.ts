import { loadScript } from '@/lib/load-script';

interface GoogleRecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: GoogleRecaptcha;
  }
}

export class RecaptchaKeyMissingError extends Error {}

/** A reCAPTCHA v3 token for `action`, loading Google's script with the site key on first use. */
export async function getRecaptchaToken(siteKey: string | null, action: string): Promise<string> {
  if (!siteKey) {
    throw new RecaptchaKeyMissingError('ReCaptcha error: No key provided');
  }
  await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) {
    throw new Error('reCAPTCHA did not load');
  }
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}
