import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createUser, type TestApp } from '../../../test/helper.js';
import { LIMITS } from './guards.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ CAPTCHA: 'altcha' });
});
afterAll(async () => {
  await t.close();
});

interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  maxnumber: number;
}

/**
 * ALTCHA's proof of work: the number whose SHA-256 of salt + number is the challenge. Hashed
 * synchronously: altcha-lib's solver awaits one WebCrypto digest per number, which a busy machine
 * stretches past the test's timeout.
 */
function solve(ch: Challenge): number {
  expect(ch.algorithm).toBe('SHA-256');
  for (let n = 0; n <= ch.maxnumber; n++) {
    if (
      createHash('sha256')
        .update(ch.salt + n)
        .digest('hex') === ch.challenge
    ) {
      return n;
    }
  }
  throw new Error('unsolved');
}

async function solved(): Promise<string> {
  const ch = (await t.inject({ method: 'GET', url: '/api/auth/captcha' })).json<Challenge>();
  return Buffer.from(JSON.stringify({ ...ch, number: solve(ch) })).toString('base64');
}

describe('ALTCHA on protected forms', () => {
  it('should say so in the site info', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/site/get-site-info' });
    expect(res.json().captcha.provider).toBe('altcha');
  });

  it('should refuse register and forgot-password without a solution', async () => {
    const u = await createUser(t);
    const calls = [
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
    const ch = (await t.inject({ method: 'GET', url: '/api/auth/captcha' })).json<Challenge>();
    const captcha = Buffer.from(JSON.stringify({ ...ch, number: solve(ch) + 1 })).toString('base64');
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password, captcha },
    });
    expect(res.json().message).toBe('INVALID_CAPTCHA');
  });
});

describe('sign-in: a captcha after a few failures, never a lockout', () => {
  const login = (payload: object, ip: string) =>
    t.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
  let ipSeq = 0;
  /** A fresh source address per call, so only the per-address counter is under test. */
  const anyIp = () => `198.18.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  it('should sign in without a captcha while an address has had few attempts', async () => {
    const u = await createUser(t);
    const res = await login({ email: u.email, password: u.password }, anyIp());
    expect(res.statusCode).toBe(200);
  });

  it('should ask every attempt for a captcha after ten wrong passwords from anywhere, and let the owner in with one', async () => {
    const u = await createUser(t);
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) {
      answers.push((await login({ email: u.email, password: `guess-${i}-x` }, anyIp())).json().message);
    }
    const free = LIMITS.loginFreeAccount.max;
    expect(answers).toEqual([...Array(free).fill('WRONG_PASSWORD'), ...Array(10 - free).fill('INVALID_CAPTCHA')]);
    // The real user, from their own address, is asked for the captcha, not locked out.
    const ownIp = anyIp();
    expect((await login({ email: u.email, password: u.password }, ownIp)).json().message).toBe('INVALID_CAPTCHA');
    const ok = await login({ email: u.email, password: u.password, captcha: await solved() }, ownIp);
    expect(ok.statusCode).toBe(200);
    // A success starts the address's count again.
    expect((await login({ email: u.email, password: u.password }, anyIp())).statusCode).toBe(200);
  });

  it('should not lock out even the source that guessed: with a captcha it goes on', async () => {
    const u = await createUser(t);
    const ip = anyIp();
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: u.email, password: 'wrong-wrong' }, ip);
      expect(res.statusCode).toBe(400);
    }
    const ok = await login({ email: u.email, password: u.password, captcha: await solved() }, ip);
    expect(ok.statusCode).toBe(200);
  });

  it('should answer an unknown address, a wrong password and a Google-only account alike, step for step', async () => {
    const known = await createUser(t);
    const googleOnly = await createUser(t);
    await t.ctx.db.execute(
      sql`update users set password_hash = null, google_sub = 'g-only' where id = ${googleOnly.id}`,
    );
    const trace = async (email: string) => {
      const out: unknown[] = [];
      for (let i = 0; i < LIMITS.loginFreeAccount.max + 2; i++) {
        const res = await login({ email, password: 'not-it-1' }, anyIp());
        out.push([res.statusCode, res.json()]);
      }
      return out;
    };
    const unknown = await trace('nobody-here@example.com');
    expect(await trace(known.email)).toEqual(unknown);
    expect(await trace(googleOnly.email)).toEqual(unknown);
  });

  it('should let only the free attempts through when guesses arrive at once', async () => {
    const u = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => (await login({ email: u.email, password: 'wrong-wrong' }, anyIp())).json()),
    );
    const codes = answers.map((a: { message: string }) => a.message).sort();
    const free = LIMITS.loginFreeAccount.max;
    expect(codes).toEqual([...Array(8 - free).fill('INVALID_CAPTCHA'), ...Array(free).fill('WRONG_PASSWORD')]);
  });

  it('should ask for a captcha from a source that tried many addresses', async () => {
    const ip = anyIp();
    const answers: string[] = [];
    for (let i = 0; i <= LIMITS.loginFreeIp.max; i++) {
      answers.push((await login({ email: `spray-${i}@example.com`, password: 'whatever1' }, ip)).json().message);
    }
    expect(answers.at(-1)).toBe('INVALID_CAPTCHA');
    expect(answers.slice(0, -1).every((m) => m === 'WRONG_PASSWORD')).toBe(true);
  });
});
