import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError } from '@/lib/notify';
import { useSiteInfo } from '@/lib/site-info';
import { captchaQueryOptions } from '../api/get-captcha';
import { getRecaptchaToken, RecaptchaKeyMissingError } from '../api/recaptcha';

export type CaptchaStatus = 'off' | 'solving' | 'ready' | 'error';

/**
 * The captcha of a protected form (docs/product-rules.md#captcha), per the site's provider. ALTCHA is solved in
 * the background as soon as the form shows; `renew` fetches a fresh one after each submit.
 */
export function useCaptcha(action: string) {
  const { t } = useTranslation();
  const { captcha } = useSiteInfo();
  const queryClient = useQueryClient();
  const altcha = captcha.provider === 'altcha';
  const query = useQuery({ ...captchaQueryOptions, enabled: altcha });

  let status: CaptchaStatus = 'off';
  if (altcha) {
    status = query.isSuccess ? 'ready' : query.isError ? 'error' : 'solving';
  }

  /** The value for the form's `captcha` field; undefined when the site has none. Toasts and throws on failure. */
  const getToken = async (): Promise<string | undefined> => {
    try {
      if (captcha.provider === 'altcha') {
        return await queryClient.fetchQuery(captchaQueryOptions);
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

  const renew = () => {
    if (altcha) {
      void queryClient.resetQueries({ queryKey: captchaQueryOptions.queryKey });
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
      renew();
    }
  };

  return { status, renew, withToken };
}
