import { solveChallenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createUser, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ CAPTCHA: 'altcha' });
});
afterAll(async () => {
  await t.close();
});

async function solved(): Promise<string> {
  const ch = (await t.inject({ method: 'GET', url: '/api/auth/captcha' })).json();
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  if (!solution) {
    throw new Error('unsolved');
  }
  return Buffer.from(JSON.stringify({ ...ch, number: solution.number })).toString('base64');
}

describe('ALTCHA on protected forms', () => {
  it('should say so in the site info', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/site/get-site-info' });
    expect(res.json().captcha.provider).toBe('altcha');
  });

  it('should refuse login, register and forgot-password without a solution', async () => {
    const u = await createUser(t);
    const calls = [
      ['/api/auth/login', { email: u.email, password: u.password }],
      ['/api/auth/register', { email: 'c@example.com', password: 'abcdef1', passwordConfirm: 'abcdef1' }],
      ['/api/auth/forgot-password', { email: u.email }],
    ] as const;
    for (const [url, payload] of calls) {
      const res = await t.inject({ method: 'POST', url, payload });
      expect(res.json().message, url).toBe('INVALID_CAPTCHA');
    }
  });

  it('should accept a solved challenge once', async () => {
    const u = await createUser(t);
    const captcha = await solved();
    const ok = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password, captcha },
    });
    expect(ok.statusCode).toBe(200);
    const replay = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password, captcha },
    });
    expect(replay.json().message).toBe('INVALID_CAPTCHA');
  });

  it('should refuse a wrong number', async () => {
    const u = await createUser(t);
    const ch = (await t.inject({ method: 'GET', url: '/api/auth/captcha' })).json();
    const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
    const captcha = Buffer.from(JSON.stringify({ ...ch, number: (solution?.number ?? 0) + 1 })).toString('base64');
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password, captcha },
    });
    expect(res.json().message).toBe('INVALID_CAPTCHA');
  });
});
