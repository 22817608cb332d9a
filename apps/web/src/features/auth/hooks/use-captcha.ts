import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/lib/notify';
import { useSiteInfo } from '@/lib/site-info';
import { getSolvedCaptchaWithRetry } from '../api/get-captcha';
import { getRecaptchaToken, RecaptchaKeyMissingError } from '../api/recaptcha';

export type CaptchaStatus = 'off' | 'solving' | 'ready' | 'error';

/** One ALTCHA being solved (or solved): single-use, so never reused once its form is gone. */
interface Solving {
  promise: Promise<string>;
  controller: AbortController;
  failed: boolean;
}

/** The ALTCHA of a form: solved in the background from the moment the form shows, renewed after each use. */
function useAltcha(altcha: boolean) {
  const solving = useRef<Solving | null>(null);
  // Off once the form is gone (a login that succeeded navigates away): no captcha is solved for nobody.
  const mounted = useRef(false);
  const [solveStatus, setSolveStatus] = useState<'solving' | 'ready' | 'error'>('solving');

  /** Starts a fresh captcha, dropping the one in progress (the caller shows it as solving). */
  const solve = useCallback((): Solving => {
    solving.current?.controller.abort();
    const controller = new AbortController();
    const current: Solving = { promise: getSolvedCaptchaWithRetry(controller.signal), controller, failed: false };
    solving.current = current;
    current.promise.then(
      () => {
        if (solving.current === current) {
          setSolveStatus('ready');
        }
      },
      () => {
        current.failed = true;
        if (solving.current === current) {
          setSolveStatus('error');
        }
      },
    );
    return current;
  }, []);

  const solveAgain = () => {
    setSolveStatus('solving');
    return solve();
  };

  // The first one is already shown as solving (the initial state).
  useEffect(() => {
    if (!altcha) {
      return undefined;
    }
    mounted.current = true;
    solve();
    return () => {
      mounted.current = false;
      solving.current?.controller.abort();
      solving.current = null;
    };
  }, [altcha, solve]);

  const status: CaptchaStatus = altcha ? solveStatus : 'off';
  /** The captcha being solved, or a fresh one if that one failed (as a query's fetch would retry). */
  const current = () => (solving.current && !solving.current.failed ? solving.current : solveAgain());
  const renew = () => {
    if (altcha && mounted.current) {
      solveAgain();
    }
  };
  return { status, current, renew };
}

/**
 * The captcha of a protected form (docs/product-rules.md#captcha), per the site's provider. ALTCHA is solved in
 * the background as soon as the form shows; `renew` fetches a fresh one after each submit. Plain state rather
 * than a TanStack query: the login page's first download does not hold TanStack Query
 * (docs/development.md#the-web-bundle).
 */
export function useCaptcha(action: string, enabled = true) {
  const { t } = useTranslation();
  const { captcha: siteCaptcha } = useSiteInfo();
  // A form whose captcha is not (yet) needed behaves as a site without one.
  const captcha = enabled ? siteCaptcha : ({ provider: 'off' } as const);
  const altcha = captcha.provider === 'altcha';
  const solver = useAltcha(altcha);

  /** The value for the form's `captcha` field; undefined when the site has none. Toasts and throws on failure. */
  const getToken = async (): Promise<string | undefined> => {
    try {
      if (captcha.provider === 'altcha') {
        return await solver.current().promise;
      }
      if (captcha.provider === 'recaptcha') {
        return await getRecaptchaToken(captcha.siteKey, action);
      }
      return undefined;
    } catch (error) {
      notifyError(t(error instanceof RecaptchaKeyMissingError ? 'error.recaptchaNoKey' : 'error.captchaFailed'));
      throw error;
    }
  };

  /**
   * A protected call: `call` gets the captcha value, then the form gets a fresh captcha for its next
   * submit whatever the answer; a failed captcha calls nothing (getToken has toasted why).
   */
  const withToken = async (call: (token: string | undefined) => Promise<void>): Promise<void> => {
    let token: string | undefined;
    try {
      token = await getToken();
    } catch {
      return;
    }
    try {
      await call(token);
    } finally {
      solver.renew();
    }
  };

  return { status: solver.status, renew: solver.renew, withToken };
}
