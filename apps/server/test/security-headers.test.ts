import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { sites } from '../src/db/schema/index.js';
import { build, customer, type TestApp } from './helper.js';

/** The directives of a CSP header, by name. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) {
      out.set(name, values);
    }
  }
  return out;
}

function expectBaseHeaders(headers: Record<string, unknown>): Map<string, string[]> {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const policy = csp(headers['content-security-policy'] as string);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toContain("'self'");
  expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
  expect(policy.get('object-src')).toEqual(["'none'"]);
  return policy;
}

describe('security headers', () => {
  let t: TestApp;
  let spa: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    t = await build();
    token = (await customer(t)).token;
    // The same app serving a built SPA, on the same database, with captchas on (reCAPTCHA where a
    // site has keys, ALTCHA elsewhere).
    const dist = mkdtempSync(path.join(tmpdir(), 'pp-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    spa = await buildApp({ ...t.ctx, config: { ...t.ctx.config, CAPTCHA: 'altcha' } }, { webDist: dist });
    await spa.ready();
    // The demo site gets an analytics pixel, reCAPTCHA and Google sign-in; the default site has none.
    const [demo] = await t.ctx.db.select().from(sites).where(eq(sites.slug, 'proxy-owner'));
    const demoId = demo?.id ?? (await seedDemoSite(t));
    await t.ctx.db
      .update(sites)
      .set({
        googlePixel: 'G-TEST123',
        settings: { recaptcha: { siteKey: 'site-key', secretKey: 'secret' }, googleClientId: 'client.apps' },
      })
      .where(eq(sites.id, demoId));
    t.app.sites.invalidate();
    spa.sites.invalidate();
  });
  afterAll(async () => {
    await spa?.close();
    await t?.close();
  });

  it('API answers carry the headers, with no outside host in the CSP of a site that configures none', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/user/me', token });
    expect(res.statusCode).toBe(200);
    const policy = expectBaseHeaders(res.headers);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/google|gstatic/);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    // Plain http and no trusted proxy: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Errors too.
    const missing = await t.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expectBaseHeaders(missing.headers);
  });

  it('the SPA index, client routes and assets carry them', async () => {
    for (const url of ['/', '/dashboard/v6', '/assets/app.js']) {
      const res = await spa.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectBaseHeaders(res.headers);
    }
  });

  it("a site's CSP allows the pixel, reCAPTCHA and Google sign-in hosts it configured", async () => {
    const res = await spa.inject({ method: 'GET', url: '/', headers: { host: 'proxy-owner.localhost' } });
    const policy = expectBaseHeaders(res.headers);
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining([
        'https://www.googletagmanager.com',
        'https://www.google.com/recaptcha/',
        'https://www.gstatic.com/recaptcha/',
        'https://accounts.google.com/gsi/client',
      ]),
    );
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://accounts.google.com/gsi/']),
    );
    expect(policy.get('frame-src')).not.toContain("'none'");
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://*.google-analytics.com']));
    // The default site still gets none of them.
    const plain = await spa.inject({ method: 'GET', url: '/' });
    expect(String(plain.headers['content-security-policy'])).not.toMatch(/google|gstatic/);
  });

  it("a site's headers follow its change at once (they are worked out once per site, not per request)", async () => {
    const [demo] = await t.ctx.db.select().from(sites).where(eq(sites.slug, 'proxy-owner'));
    const get = async () =>
      String(
        (await spa.inject({ method: 'GET', url: '/', headers: { host: 'proxy-owner.localhost' } })).headers[
          'content-security-policy'
        ],
      );
    expect(await get()).toContain('https://www.googletagmanager.com');
    await t.ctx.db.update(sites).set({ googlePixel: null }).where(eq(sites.id, demo!.id));
    spa.sites.invalidate();
    expect(await get()).not.toContain('googletagmanager');
    await t.ctx.db.update(sites).set({ googlePixel: 'G-TEST123' }).where(eq(sites.id, demo!.id));
    spa.sites.invalidate();
    expect(await get()).toContain('https://www.googletagmanager.com');
  });

  it('HSTS only over https: a trusted proxy saying so, never an untrusted one', async () => {
    const trusting = await build({ TRUST_PROXY: '1' });
    try {
      const viaHttps = await trusting.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaHttps.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      const viaHttp = await trusting.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await trusting.close();
    }
    const untrusted = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('?access_token= is taken on /api/events only', async () => {
    for (const url of ['/api/user/me', '/api/user/get-money', '/api/order/list-order']) {
      const res = await t.inject({ method: 'GET', url: `${url}?access_token=${token}` });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ message: 'INVALID_TOKEN' });
    }
    // The same token in the header works, so the refusal is about where it was sent.
    expect((await t.inject({ method: 'GET', url: '/api/user/me', token })).statusCode).toBe(200);
  });
});

async function seedDemoSite(t: TestApp): Promise<string> {
  const { seedDemo } = await import('../src/db/seed.js');
  return seedDemo(t.ctx.db);
}
