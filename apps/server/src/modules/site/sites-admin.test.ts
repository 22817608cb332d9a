import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@proxy/contract';
import {
  build,
  buildSecondInstance,
  countRows,
  createUser,
  customer,
  login,
  waitFor,
  type TestApp,
} from '../../../test/helper.js';

let t: TestApp;
let owner: string;
let demoId: string;
let defaultId: string;
beforeAll(async () => {
  t = await build();
  owner = (await login(t, await createUser(t, { role: ROLE.OWNER }))).accessToken;
  demoId = (await t.app.sites.resolve('proxy-owner.localhost')).id;
  defaultId = (await t.app.sites.resolve('localhost')).id;
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, host = 'localhost') =>
  t.inject({ method, url: `/api/site/admin${url}`, token, payload, headers: { host } });
const titleOf = async (host: string, app = t) =>
  (await app.inject({ method: 'GET', url: '/api/site/get-site-info', headers: { host } })).json().title as string;
let n = 0;
const slug = () => `shop-${++n}-${Date.now().toString(36)}`;

async function siteAdmin(host = 'localhost') {
  return (await login(t, await createUser(t, { role: ROLE.SITE_ADMIN, host }), host)).accessToken;
}

describe('/api/site/admin/create-site (owner)', () => {
  it('should create a site with normalised hosts and a copy of the chosen catalogue', async () => {
    const before = await titleOf('shop-a.example.com');
    const res = await call('POST', '/create-site', owner, {
      slug: slug(),
      title: 'Shop A',
      color: '#00897B',
      hosts: ['Shop-A.Example.com:8443', 'www.shop-a.example.com.', 'shop-a.example.com'],
      copyCatalogFrom: demoId,
      showAgencyApi: true,
    });
    expect(res.statusCode).toBe(200);
    const site = res.json();
    expect(site).toMatchObject({ title: 'Shop A', color: '#00897B', showAgencyApi: true, isDefault: false });
    expect(site.hosts).toEqual(['shop-a.example.com', 'www.shop-a.example.com']);
    // Every host answers the new site at once (the cache was dropped), an unknown one the default.
    expect(before).toBe('ProxyVN');
    expect(await titleOf('shop-a.example.com')).toBe('Shop A');
    expect(await titleOf('WWW.shop-a.example.com:80')).toBe('Shop A');
    expect(await titleOf('nobody.example.com')).toBe('ProxyVN');
    // The catalogue is the demo's, row for row, under new ids.
    type Price = { id: string; country: string; unit: string; price: number };
    const prices = async (host: string) =>
      (await t.inject({ method: 'GET', url: '/api/v6-retail/get-all', headers: { host } })).json<Price[]>();
    const copied = await prices('shop-a.example.com');
    const source = await prices('proxy-owner.localhost');
    expect(copied.length).toBeGreaterThan(0);
    const shape = (rows: typeof copied) => rows.map((r) => `${r.country}/${r.unit}/${r.price}`).sort();
    expect(shape(copied)).toEqual(shape(source));
    expect(copied.map((r) => r.id)).not.toContain(source[0]!.id);
    const packages = (host: string) =>
      t.inject({ method: 'GET', url: '/api/key-package/get-all-package', headers: { host } }).then((r) => r.json());
    expect((await packages('shop-a.example.com')).length).toBe((await packages('proxy-owner.localhost')).length);
  });

  it('should refuse a host that selects another site with HOST_EXISTS and create nothing', async () => {
    const sites = await countRows(t, 'sites');
    const res = await call('POST', '/create-site', owner, {
      slug: slug(),
      title: 'Thief',
      hosts: ['new-one.example.com', 'Proxy-Owner.localhost:8080'],
      copyCatalogFrom: demoId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'HOST_EXISTS', data: { hosts: ['proxy-owner.localhost'] } });
    expect(await countRows(t, 'sites')).toBe(sites);
    expect(await titleOf('new-one.example.com')).toBe('ProxyVN');
    expect(await titleOf('proxy-owner.localhost')).toBe('Proxy Owner');
  });

  it.each([
    'bad host',
    'a..b.com',
    '-x.com',
    'http://x.com',
    'user@x.com',
    `${'x'.repeat(64)}.com`,
    '999.1.1.1',
    '12.34',
  ])('should refuse the host %j with INVALID_HOST', async (host) => {
    const sites = await countRows(t, 'sites');
    const res = await call('POST', '/create-site', owner, {
      slug: slug(),
      title: 'Bad',
      hosts: [host],
      copyCatalogFrom: demoId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('INVALID_HOST');
    expect(await countRows(t, 'sites')).toBe(sites);
  });

  it('should refuse a taken slug, an unknown catalogue source and bad fields', async () => {
    const base = { title: 'X', hosts: ['x1.example.com'], copyCatalogFrom: demoId };
    expect((await call('POST', '/create-site', owner, { ...base, slug: 'proxy-owner' })).json().message).toBe(
      'SLUG_EXISTS',
    );
    const unknown = await call('POST', '/create-site', owner, {
      ...base,
      slug: slug(),
      copyCatalogFrom: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('SITE_NOT_EXISTS');
    for (const bad of [{ color: 'red' }, { title: '' }, { hosts: [] }, { slug: 'Bad Slug' }, { googlePixel: '<x>' }]) {
      const res = await call('POST', '/create-site', owner, { ...base, slug: slug(), ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('VALIDATION_ERROR');
    }
    expect(await titleOf('x1.example.com')).toBe('ProxyVN');
  });
});

describe('/api/site/admin/update-site/:id', () => {
  it('should move hosts between sites so each host selects exactly one site', async () => {
    const a = (
      await call('POST', '/create-site', owner, {
        slug: slug(),
        title: 'Move A',
        hosts: ['move-a.example.com', 'move-shared.example.com'],
        copyCatalogFrom: defaultId,
      })
    ).json();
    const b = (
      await call('POST', '/create-site', owner, {
        slug: slug(),
        title: 'Move B',
        hosts: ['move-b.example.com'],
        copyCatalogFrom: defaultId,
      })
    ).json();
    // B cannot take A's host while A has it.
    const taken = await call('PUT', `/update-site/${b.id}`, owner, {
      hosts: ['move-b.example.com', 'move-shared.example.com'],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('HOST_EXISTS');
    expect(await titleOf('move-shared.example.com')).toBe('Move A');
    // A lets it go; the host falls back to the default site; then B takes it.
    expect((await call('PUT', `/update-site/${a.id}`, owner, { hosts: ['move-a.example.com'] })).statusCode).toBe(200);
    expect(await titleOf('move-shared.example.com')).toBe('ProxyVN');
    const moved = await call('PUT', `/update-site/${b.id}`, owner, {
      hosts: ['move-b.example.com', 'MOVE-SHARED.example.com:8080'],
      title: 'Move B2',
    });
    expect(moved.json().hosts).toEqual(['move-b.example.com', 'move-shared.example.com']);
    expect(await titleOf('move-shared.example.com')).toBe('Move B2');
    expect(await titleOf('move-a.example.com')).toBe('Move A');
  });

  it('should show a change on another instance at once (NOTIFY drops its host cache)', async () => {
    const other = await buildSecondInstance(t);
    try {
      const site = (
        await call('POST', '/create-site', owner, {
          slug: slug(),
          title: 'Cached',
          hosts: ['cached.example.com'],
          copyCatalogFrom: defaultId,
        })
      ).json();
      expect(await titleOf('cached.example.com', other)).toBe('Cached');
      await call('PUT', `/update-site/${site.id}`, owner, { title: 'Renamed' });
      // Well inside the 10 s cache lifetime: only the notification can make the other instance see it.
      await waitFor(async () => (await titleOf('cached.example.com', other)) === 'Renamed', 3_000);
    } finally {
      await other.close();
    }
  });

  it('should list the sites paged, with a search over title, slug and host', async () => {
    const page = (await call('GET', '/list-site?page=1&limit=2', owner)).json();
    expect(page).toMatchObject({ page: 1, limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({ isDefault: true, hosts: ['127.0.0.1', 'localhost'] });
    expect(page.total).toBeGreaterThanOrEqual(3);
    const found = (await call('GET', '/list-site?search=proxy-owner.local', owner)).json();
    expect(found.items.map((s: { id: string }) => s.id)).toEqual([demoId]);
  });
});

describe('sites admin: who may do what', () => {
  it('should refuse a customer every call with FORBIDDEN', async () => {
    const c = await customer(t);
    for (const [method, url] of [
      ['GET', '/list-site'],
      ['GET', '/my-site'],
      ['GET', `/detail-site/${defaultId}`],
      ['POST', '/create-site'],
      ['PUT', `/update-site/${defaultId}`],
      ['POST', `/upload-logo/${defaultId}`],
      ['GET', '/list-setting-change'],
    ] as const) {
      const res = await call(method, url, c.token, method === 'GET' ? undefined : { title: 'x' });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await titleOf('localhost')).toBe('ProxyVN');
  });

  it('should let a site admin edit its own site only, never hosts nor another site', async () => {
    const token = await siteAdmin('proxy-owner.localhost');
    const on = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      call(method, url, token, payload, 'proxy-owner.localhost');
    expect((await on('GET', '/list-site')).statusCode).toBe(403);
    expect(
      (
        await on('POST', '/create-site', {
          slug: slug(),
          title: 'x',
          hosts: ['y.example.com'],
          copyCatalogFrom: demoId,
        })
      ).statusCode,
    ).toBe(403);
    expect((await on('GET', '/my-site')).json()).toMatchObject({ id: demoId, title: 'Proxy Owner' });
    const hosts = await on('PUT', `/update-site/${demoId}`, { hosts: ['proxy-owner.localhost', 'grab.example.com'] });
    expect(hosts.statusCode).toBe(403);
    expect(await titleOf('grab.example.com')).toBe('ProxyVN');
    for (const [method, url] of [
      ['GET', `/detail-site/${defaultId}`],
      ['PUT', `/update-site/${defaultId}`],
      ['GET', `/list-setting-change?siteId=${defaultId}`],
    ] as const) {
      const res = await on(method, url, method === 'GET' ? undefined : { title: 'Hijacked' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('SITE_NOT_EXISTS');
    }
    expect(await titleOf('localhost')).toBe('ProxyVN');
    const own = await on('PUT', `/update-site/${demoId}`, { companyName: 'Owner Co.' });
    expect(own.statusCode).toBe(200);
    expect(own.json().companyName).toBe('Owner Co.');
    // A token of site A's admin is no token on site B at all.
    expect((await call('GET', '/my-site', token, undefined, 'localhost')).statusCode).toBe(401);
  });
});
