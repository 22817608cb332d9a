import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@proxy/contract';
import { build, createUser, customer, login, type TestApp } from './helper.js';

/*
 * Every settings object a GET answers is accepted back by its PUT unchanged (read-only fields
 * ignored), and a field the PUT does not know is refused with VALIDATION_ERROR, changing nothing
 * (docs/wire-contract.md). One case per GET/PUT pair of the contract.
 */

let t: TestApp;
let owner: string;
let siteAdmin: string;
let user: string;
let siteId: string;

beforeAll(async () => {
  t = await build();
  owner = (await login(t, await createUser(t, { role: ROLE.OWNER }))).accessToken;
  siteAdmin = (await login(t, await createUser(t, { role: ROLE.SITE_ADMIN }))).accessToken;
  user = (await customer(t)).token;
  siteId = (await t.inject({ method: 'GET', url: '/api/site/admin/my-site', token: siteAdmin })).json().id;
});
afterAll(async () => {
  await t.close();
});

interface Pair {
  name: string;
  token: () => string;
  get: string;
  put: () => string;
  /** The PUT's body built from what the GET answered (most send it back as it is). */
  wrap?: (read: Record<string, unknown>) => Record<string, unknown>;
  /** Where the GET's object sits in the PUT's body, for the unknown field. */
  inner?: string;
}

const pairs: Pair[] = [
  { name: 'notify settings', token: () => user, get: '/api/notify/settings', put: () => '/api/notify/settings' },
  {
    name: 'site settings',
    token: () => siteAdmin,
    get: '/api/setting/admin/list',
    put: () => '/api/setting/admin/update',
    wrap: (settings) => ({ settings }),
    inner: 'settings',
  },
  {
    name: 'maintenance notice',
    token: () => siteAdmin,
    get: '/api/setting/admin/maintenance',
    put: () => '/api/setting/admin/maintenance',
  },
  {
    name: 'Telegram bot',
    token: () => siteAdmin,
    get: '/api/notify/admin/telegram',
    put: () => '/api/notify/admin/telegram',
  },
  { name: 'downloads', token: () => siteAdmin, get: '/api/tools/downloads', put: () => '/api/tools/admin/downloads' },
  {
    name: 'site (owner)',
    token: () => owner,
    get: '/api/site/admin/my-site',
    put: () => `/api/site/admin/update-site/${siteId}`,
  },
];

describe('GET then PUT of every settings object', () => {
  it.each(pairs)('$name: the GET answer is accepted back, an unknown field refused', async (p) => {
    const get = () => t.inject({ method: 'GET', url: p.get, token: p.token() });
    const read = await get();
    expect(read.statusCode, read.body).toBe(200);
    const answer = read.json<Record<string, unknown>>();
    const body = p.wrap ? p.wrap(answer) : answer;

    const back = await t.inject({ method: 'PUT', url: p.put(), token: p.token(), payload: body });
    expect(back.statusCode, back.body).toBe(200);
    expect((await get()).json()).toEqual(answer);

    const withUnknown = p.inner
      ? { ...body, [p.inner]: { ...(body[p.inner] as object), noSuchField: 1 } }
      : { ...body, noSuchField: 1 };
    const refused = await t.inject({ method: 'PUT', url: p.put(), token: p.token(), payload: withUnknown });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe('VALIDATION_ERROR');
    expect((await get()).json()).toEqual(answer);
  });

  it('should still apply a change sent with the read-only fields of the GET', async () => {
    const read = (await t.inject({ method: 'GET', url: '/api/notify/settings', token: user })).json();
    const res = await t.inject({
      method: 'PUT',
      url: '/api/notify/settings',
      token: user,
      payload: { ...read, email: !read.email, telegramAvailable: !read.telegramAvailable, webhookSecret: 'whsec_x' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...read, email: !read.email });
  });
});
