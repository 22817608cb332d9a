import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { sites } from '../src/db/schema/index.js';
import { build, type TestApp } from './helper.js';

/** index.html as Vite writes it (apps/web/index.html plus the bundle's tags). */
const TEMPLATE = `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <meta name="theme-color" content="#2196F3" />
    <link rel="icon" href="/logo.svg" />
    <title></title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
const ASSET = 'console.log("the bundle");'.repeat(50);

/** The value of `<meta name=…>` / `<meta property=…>` in a page, and its title. */
function head(html: string) {
  const meta = (attr: string, name: string) =>
    new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
    description: meta('name', 'description'),
    themeColor: meta('name', 'theme-color'),
    icon: /<link rel="icon" href="([^"]*)"/.exec(html)?.[1] ?? null,
    htmlTag: /<html[^>]*>/.exec(html)?.[0] ?? null,
  };
}

describe('the served SPA', () => {
  let t: TestApp;
  let spa: FastifyInstance;

  beforeAll(async () => {
    t = await build();
    const dist = mkdtempSync(path.join(tmpdir(), 'pp-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    const asset = path.join(dist, 'assets', 'index-AbC123.js');
    writeFileSync(asset, ASSET);
    writeFileSync(`${asset}.gz`, gzipSync(ASSET));
    writeFileSync(`${asset}.br`, brotliCompressSync(ASSET));
    spa = await buildApp(t.ctx, { webDist: dist });
    await spa.ready();
    const [demo] = await t.ctx.db.select().from(sites).where(eq(sites.slug, 'proxy-owner'));
    if (!demo) {
      const { seedDemo } = await import('../src/db/seed.js');
      await seedDemo(t.ctx.db);
    }
    // A title that must be escaped, on the default site.
    await t.ctx.db
      .update(sites)
      .set({ title: 'Tom & "Jerry" <b>Proxies</b>', logo: '/brand/icon.png?v=1&x=2', color: '#00897B' })
      .where(eq(sites.isDefault, true));
    spa.sites.invalidate();
  });
  afterAll(async () => {
    await spa?.close();
    await t?.close();
  });

  it("should write each host's title, description, icon, theme colour and language into index.html", async () => {
    const plain = await spa.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    const demo = await spa.inject({ method: 'GET', url: '/', headers: { host: 'proxy-owner.localhost' } });
    expect(plain.statusCode).toBe(200);
    expect(demo.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);

    const a = head(plain.body);
    expect(a.title).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;Proxies&lt;/b&gt;');
    expect(a.description).toBe(
      'Tom &amp; &quot;Jerry&quot; &lt;b&gt;Proxies&lt;/b&gt;: mua và quản lý proxy IPv6, IPv4 và proxy xoay.',
    );
    expect(a.themeColor).toBe('#00897B');
    expect(a.icon).toBe('/brand/icon.png?v=1&amp;x=2');
    expect(a.htmlTag).toBe('<html lang="vi">');
    expect(plain.body).not.toContain('<b>Proxies');

    const b = head(demo.body);
    expect(b.title).toBe('Proxy Owner');
    expect(b.description).toBe('Proxy Owner: buy and manage IPv6, IPv4 and rotating proxies.');
    expect(b.themeColor).toBe('#6A1B9A');
    // The demo forces English: the app reads it before its first render.
    expect(b.htmlTag).toBe('<html lang="en" data-force-lang="en">');
    // Still no inline script: only the bundle's own tag.
    expect(demo.body.match(/<script\b[^>]*>/g)).toEqual([
      '<script type="module" crossorigin src="/assets/index-AbC123.js">',
    ]);
  });

  it("should render a title holding replacement patterns ($&, $', $`) literally", async () => {
    const [before] = await t.ctx.db.select({ title: sites.title }).from(sites).where(eq(sites.isDefault, true));
    const title = "A$&B$'C$`D$$E$1";
    await t.ctx.db.update(sites).set({ title }).where(eq(sites.isDefault, true));
    spa.sites.invalidate();
    try {
      const res = await spa.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(200);
      const h = head(res.body);
      expect(h.title).toBe('A$&amp;B$&#39;C$`D$$E$1');
      expect(h.description).toBe('A$&amp;B$&#39;C$`D$$E$1: mua và quản lý proxy IPv6, IPv4 và proxy xoay.');
      // The template around the title is there once, unspliced.
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      expect(res.body.match(/<!doctype html>/g)).toHaveLength(1);
      expect(res.body.match(/<\/html>/g)).toHaveLength(1);
    } finally {
      await t.ctx.db.update(sites).set({ title: before!.title }).where(eq(sites.isDefault, true));
      spa.sites.invalidate();
    }
  });

  it('should render client routes and /index.html the same way, never cached', async () => {
    for (const url of ['/', '/dashboard', '/auth/login', '/index.html']) {
      const res = await spa.inject({ method: 'GET', url, headers: { host: 'proxy-owner.localhost' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(head(res.body).title, url).toBe('Proxy Owner');
    }
  });

  it('should send a hashed asset precompressed as the browser accepts, cached for a year', async () => {
    const url = '/assets/index-AbC123.js';
    const br = await spa.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gz = await spa.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);

    const raw = await spa.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(ASSET);
    expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('should not cache a file outside the hashed assets', async () => {
    const res = await spa.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
