import { solveChallenge } from 'altcha-lib';
import { api } from '@/lib/api-client';
import { readCaptchaChallenge } from '../utils/lite-schemas';

/**
 * GET /api/auth/captcha, solved in the background (ALTCHA proof of work). The answer is the
 * form's `captcha`: base64 of {algorithm, challenge, number, salt, signature}.
 */
export async function getSolvedCaptcha(signal: AbortSignal): Promise<string> {
  const challenge = readCaptchaChallenge(await api.call('GET /auth/captcha', { signal }));
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

/** As a query's `retry: 1` did: a failed captcha is fetched and solved once more (after 1 s) before it fails. */
export async function getSolvedCaptchaWithRetry(signal: AbortSignal): Promise<string> {
  try {
    return await getSolvedCaptcha(signal);
  } catch (error) {
    if (signal.aborted) {
      throw error;
    }
    await new Promise((resolve) => window.setTimeout(resolve, 1000));
    return getSolvedCaptcha(signal);
  }
}
