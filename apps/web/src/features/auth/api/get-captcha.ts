import { queryOptions } from '@tanstack/react-query';
import { solveChallenge } from 'altcha-lib';
import { api } from '@/lib/api-client';
import { readCaptchaChallenge } from '../utils/lite-schemas';

/**
 * GET /api/auth/captcha, solved in the background (ALTCHA proof of work). The answer is the
 * form's `captcha`: base64 of {algorithm, challenge, number, salt, signature}.
 */
async function getSolvedCaptcha(signal: AbortSignal): Promise<string> {
  const challenge = readCaptchaChallenge(await api.get<unknown>('/auth/captcha', { signal }));
  const { promise, controller } = solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  );
  signal.addEventListener('abort', () => controller.abort());
  const solution = await promise;
  if (!solution) {
    throw new Error('The captcha challenge has no solution');
  }
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  );
}

/** A captcha is single-use: it is never reused from cache once its form is gone (gcTime 0). */
export const captchaQueryOptions = queryOptions({
  queryKey: ['auth', 'captcha'],
  queryFn: ({ signal }) => getSolvedCaptcha(signal),
  staleTime: Infinity,
  gcTime: 0,
  retry: 1,
  meta: { silentError: true },
});
