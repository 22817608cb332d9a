import { mkdirSync } from 'node:fs';
import { solveChallenge } from 'altcha-lib';
import { describe, expect, it } from 'vitest';
import { api, pathOf, tryLogin, uniqueEmail, type Credentials } from './support/app';
import type { RunningServer } from './support/server';
import type { SmtpSink } from './support/smtp-sink';
import { useE2E } from './support/setup';

/**
 * docs/security.md#sign-in: after a few failed sign-ins on an address the server asks for the
 * self-hosted captcha; the login form shows it as a step and the real user signs in, never locked
 * out. The sign-up page's language is the language of the account's mails.
 */
const e2e = useE2E({ env: { CAPTCHA: 'altcha' } });

const SHOTS = process.env.E2E_SHOTS_DIR;

/** A solved ALTCHA, as the web's worker would send it. */
async function solvedCaptcha(server: RunningServer): Promise<string> {
  const ch = (
    await api<{ challenge: string; salt: string; algorithm: string; maxnumber: number }>(
      server,
      'GET',
      '/api/auth/captcha',
    )
  ).body;
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  if (!solution) {
    throw new Error('the challenge was not solved');
  }
  return Buffer.from(JSON.stringify({ ...ch, number: solution.number })).toString('base64');
}

async function registerAccount(server: RunningServer, mail: SmtpSink, lang: 'vi' | 'en'): Promise<Credentials> {
  const email = uniqueEmail(`captcha-${lang}`);
  const password = `Pw-captcha-${lang}-1`;
  const captcha = await solvedCaptcha(server);
  const reg = await api(server, 'POST', '/api/auth/register', {
    body: { email, password, passwordConfirm: password, captcha, lang },
  });
  expect(reg.status).toBe(200);
  const code = await mail.nextOtp(email);
  expect((await api(server, 'POST', '/api/auth/verify', { body: { email, code } })).status).toBe(200);
  return { email, password };
}

describe.each([
  ['en', /verifies that you are human|checks that you are human/i],
  ['vi', /xác minh bạn là người/i],
] as const)('the sign-in captcha step (%s)', (lang, stepText) => {
  it.each([1366, 390])('should appear after failed sign-ins and let the real user in at %i px', async (width) => {
    const { server, mail } = e2e;
    const user = await registerAccount(server, mail, lang);
    // Someone guesses until the address needs a captcha. Every request here comes from one source,
    // which after a few addresses needs a captcha too: either answer is a refusal.
    for (let i = 0; i < 3; i++) {
      const res = await tryLogin(server, { email: user.email, password: `guess-${i}-x` });
      expect(res.status).toBe(400);
      expect(['WRONG_PASSWORD', 'INVALID_CAPTCHA']).toContain(res.message);
    }
    const page = await e2e.newPage({ viewport: { width, height: 860 } });
    await page.goto(`${server.baseUrl}/auth/login?lang=${lang}`);
    // No captcha is solved before it is needed.
    expect(await page.getByTestId('captcha-status').count()).toBe(0);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.getByTestId('login-submit').click();

    const step = page.getByTestId('login-captcha-step');
    await step.waitFor();
    expect(await step.textContent()).toMatch(stepText);
    await page.locator('[data-testid="captcha-status"][data-state="ready"]').waitFor();
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/login-captcha-${lang}-${width}.png`, fullPage: true });
    }
    // Nothing scrolls sideways and the step covers no control.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const submit = page.getByTestId('login-submit');
    const box = (await submit.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="login-submit"]') !== null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(true);

    await submit.click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(pathOf(page)).toBe('/dashboard');
  });
});

describe('the sign-up language', () => {
  it.each(['en', 'vi'] as const)('should mail the %s sign-up page its code in that language', async (lang) => {
    const { server, mail } = e2e;
    const page = await e2e.newPage();
    const email = uniqueEmail(`signup-${lang}`);
    await page.goto(`${server.baseUrl}/auth/register?lang=${lang}`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('Signup-pw-1');
    await page.locator('input[name="passwordConfirm"]').fill('Signup-pw-1');
    await page.locator('[data-testid="captcha-status"][data-state="ready"]').waitFor();
    await page.getByTestId('register-submit').click();
    const received = await mail.nextMail(email);
    if (lang === 'en') {
      expect(received.subject).toMatch(/verification code \d{6}$/);
      expect(received.text).not.toMatch(/Mã của bạn/);
    } else {
      expect(received.subject).toMatch(/mã xác minh \d{6}$/);
      expect(received.text).not.toMatch(/Your code/);
    }
  });
});
