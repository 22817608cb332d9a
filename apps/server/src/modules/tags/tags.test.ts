import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

async function v4(token: string, quantity = 2): Promise<string[]> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/v4-proxy/buy-retail',
    token,
    payload: { country: 'US', quantity, period: { unit: 'day', value: 1 } },
  });
  return res.json().proxies.map((p: { id: string }) => p.id);
}

describe('tags', () => {
  it('should create, list with counts, tag, filter, untag, rename and delete', async () => {
    const c = await customer(t, 1_000_000);
    const ids = await v4(c.token, 3);
    const created = await t.inject({
      method: 'POST',
      url: '/api/tag/create-tag?tagType=v4',
      token: c.token,
      payload: { tagName: 'Shop A' },
    });
    expect(created.json()).toMatchObject({ tagName: 'Shop A', tagType: 'v4', count: 0 });
    const tagId = created.json().id;
    const dup = await t.inject({
      method: 'POST',
      url: '/api/tag/create-tag?tagType=v4',
      token: c.token,
      payload: { tagName: 'shop a' },
    });
    expect(dup.json().message).toBe('TAG_ALREADY_EXISTS');
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/tag/create-tag?tagType=v4',
          token: c.token,
          payload: { tagName: '  ' },
        })
      ).json().message,
    ).toBe('VALIDATION_ERROR');

    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/v4-proxy/tag-proxy/${tagId}`,
          token: c.token,
          payload: { listProxyId: ids.slice(0, 2) },
        })
      ).statusCode,
    ).toBe(200);
    const list = (await t.inject({ method: 'GET', url: '/api/tag/list-tags?tagType=v4', token: c.token })).json();
    expect(list).toEqual([expect.objectContaining({ id: tagId, count: 2 })]);
    const filtered = (
      await t.inject({ method: 'GET', url: `/api/v4-proxy/list-proxy-me?tagId=${tagId}`, token: c.token })
    ).json();
    expect(filtered.total).toBe(2);
    await t.inject({
      method: 'PUT',
      url: `/api/v4-proxy/untag-proxy/${tagId}`,
      token: c.token,
      payload: { listProxyId: [ids[0]] },
    });
    expect(
      (await t.inject({ method: 'GET', url: `/api/v4-proxy/list-proxy-me?tagId=${tagId}`, token: c.token })).json()
        .total,
    ).toBe(1);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/tag/update-tag/${tagId}`,
          token: c.token,
          payload: { tagName: 'Shop B' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/api/tag/delete-tag/${tagId}`, token: c.token })).statusCode).toBe(
      200,
    );
    expect((await t.inject({ method: 'GET', url: '/api/tag/list-tags?tagType=v4', token: c.token })).json()).toEqual(
      [],
    );
    const after = (await t.inject({ method: 'GET', url: '/api/v4-proxy/list-proxy-me', token: c.token })).json();
    expect(after.items.every((p: { tagId: string | null }) => p.tagId === null)).toBe(true);
  });

  it('should not let another user see, use, rename or delete a tag, nor tag someone else’s proxies', async () => {
    const owner = await customer(t, 1_000_000);
    const intruder = await customer(t, 1_000_000);
    const ownerIds = await v4(owner.token, 1);
    const intruderIds = await v4(intruder.token, 1);
    const tagId = (
      await t.inject({
        method: 'POST',
        url: '/api/tag/create-tag?tagType=v4',
        token: owner.token,
        payload: { tagName: 'Mine' },
      })
    ).json().id;
    expect(
      (await t.inject({ method: 'GET', url: '/api/tag/list-tags?tagType=v4', token: intruder.token })).json(),
    ).toEqual([]);
    for (const call of [
      { method: 'POST' as const, url: `/api/v4-proxy/tag-proxy/${tagId}`, payload: { listProxyId: intruderIds } },
      { method: 'POST' as const, url: `/api/tag/update-tag/${tagId}`, payload: { tagName: 'x' } },
      { method: 'DELETE' as const, url: `/api/tag/delete-tag/${tagId}` },
    ]) {
      const res = await t.inject({ ...call, token: intruder.token });
      expect(res.statusCode, call.url).toBe(404);
      expect(res.json().message).toBe('TAG_NOT_EXISTS');
    }
    const ownTag = (
      await t.inject({
        method: 'POST',
        url: '/api/tag/create-tag?tagType=v4',
        token: intruder.token,
        payload: { tagName: 'Theirs' },
      })
    ).json().id;
    const foreign = await t.inject({
      method: 'POST',
      url: `/api/v4-proxy/tag-proxy/${ownTag}`,
      token: intruder.token,
      payload: { listProxyId: ownerIds },
    });
    expect(foreign.json().message).toBe('PROXY_NOT_EXISTS');
  });

  it('should tag keys with key tags only', async () => {
    const c = await customer(t, 1_000_000);
    const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
    const keyId = (
      await t.inject({
        method: 'POST',
        url: `/api/key/buy-key-package/${pkg.id}`,
        token: c.token,
        payload: { country: 'VN', quantity: 2 },
      })
    ).json().keys[0].id;
    const keyTag = (
      await t.inject({
        method: 'POST',
        url: '/api/tag/create-tag?tagType=key',
        token: c.token,
        payload: { tagName: 'K' },
      })
    ).json().id;
    const v4Tag = (
      await t.inject({
        method: 'POST',
        url: '/api/tag/create-tag?tagType=v4',
        token: c.token,
        payload: { tagName: 'K' },
      })
    ).json().id;
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/key/tag-key/${v4Tag}`,
          token: c.token,
          payload: { listKeyId: [keyId] },
        })
      ).json().message,
    ).toBe('TAG_NOT_EXISTS');
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/key/tag-key/${keyTag}`,
          token: c.token,
          payload: { listKeyId: [keyId] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: `/api/key/list-key-me?tagId=${keyTag}`, token: c.token })).json().total,
    ).toBe(1);
  });
  it('should tag under each route only the proxies that route serves', async () => {
    const c = await customer(t, 1_000_000);
    const [retail] = await v4(c.token, 1);
    const pkg = (await t.inject({ method: 'GET', url: '/api/v4-package/get-all-package' }))
      .json()
      .find((p: { name: string }) => p.name === 'Starter');
    const bought = await t.inject({
      method: 'POST',
      url: `/api/v4-proxy/buy-package/${pkg.id}`,
      token: c.token,
      payload: { country: 'VN' },
    });
    expect(bought.statusCode).toBe(200);
    const packaged = bought.json().proxies[0].id as string;
    const tag = (
      await t.inject({
        method: 'POST',
        url: '/api/tag/create-tag?tagType=v4',
        token: c.token,
        payload: { tagName: 'Scoped' },
      })
    ).json().id;
    const call = (method: 'POST' | 'PUT', url: string, id: string) =>
      t.inject({ method, url: `${url}/${tag}`, token: c.token, payload: { listProxyId: [id] } });
    const tagOf = async (id: string) =>
      (await t.inject({ method: 'GET', url: `/api/v4-proxy/list-proxy-me?tagId=${tag}`, token: c.token }))
        .json()
        .items.some((p: { id: string }) => p.id === id);

    for (const [method, url] of [
      ['POST', '/api/bought-proxy/tag-proxy'],
      ['POST', '/api/v6-proxy/tag-proxy'],
    ] as const) {
      const res = await call(method, url, retail!);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('PROXY_NOT_EXISTS');
    }
    expect(await tagOf(retail!)).toBe(false);

    expect((await call('POST', '/api/v4-proxy/tag-proxy', retail!)).statusCode).toBe(200);
    expect((await call('PUT', '/api/bought-proxy/untag-proxy', retail!)).json().message).toBe('PROXY_NOT_EXISTS');
    expect(await tagOf(retail!)).toBe(true);

    expect((await call('POST', '/api/bought-proxy/tag-proxy', packaged)).statusCode).toBe(200);
    expect(await tagOf(packaged)).toBe(true);
    expect((await call('PUT', '/api/bought-proxy/untag-proxy', packaged)).statusCode).toBe(200);
    expect(await tagOf(packaged)).toBe(false);
  });
});
