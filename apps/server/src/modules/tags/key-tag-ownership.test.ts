import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, customer, type TestApp } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

async function key(token: string): Promise<string> {
  const pkg = (await t.inject({ method: 'GET', url: '/api/key-package/get-all-package' })).json()[0];
  const res = await t.inject({
    method: 'POST',
    url: `/api/key/buy-key-package/${pkg.id}`,
    token,
    payload: { country: 'VN', quantity: 1 },
  });
  return res.json().keys[0].id;
}

const createTag = async (token: string, tagName: string) =>
  (await t.inject({ method: 'POST', url: '/api/tag/create-tag?tagType=key', token, payload: { tagName } })).json()
    .id as string;

describe('key tags and another user', () => {
  it('should neither use another user’s key tag nor tag their keys, and filter only the caller’s own rows', async () => {
    const owner = await customer(t, 1_000_000);
    const intruder = await customer(t, 1_000_000);
    const ownerKey = await key(owner.token);
    const intruderKey = await key(intruder.token);
    const ownerTag = await createTag(owner.token, 'Mine');
    const intruderTag = await createTag(intruder.token, 'Theirs');

    const useForeignTag = await t.inject({
      method: 'POST',
      url: `/api/key/tag-key/${ownerTag}`,
      token: intruder.token,
      payload: { listKeyId: [intruderKey] },
    });
    expect(useForeignTag.json().message).toBe('TAG_NOT_EXISTS');
    const untagForeign = await t.inject({
      method: 'PUT',
      url: `/api/key/untag-key/${ownerTag}`,
      token: intruder.token,
      payload: { listKeyId: [ownerKey] },
    });
    expect(untagForeign.json().message).toBe('TAG_NOT_EXISTS');
    const tagForeignKey = await t.inject({
      method: 'POST',
      url: `/api/key/tag-key/${intruderTag}`,
      token: intruder.token,
      payload: { listKeyId: [ownerKey] },
    });
    expect(tagForeignKey.json().message).toBe('KEY_NOT_EXISTS');

    // The owner tags their key; the intruder filtering by that tag sees nothing of it.
    const tagged = await t.inject({
      method: 'POST',
      url: `/api/key/tag-key/${ownerTag}`,
      token: owner.token,
      payload: { listKeyId: [ownerKey] },
    });
    expect(tagged.statusCode).toBe(200);
    const own = await t.inject({ method: 'GET', url: `/api/key/list-key-me?tagId=${ownerTag}`, token: owner.token });
    expect(own.json().items.map((k: { id: string }) => k.id)).toEqual([ownerKey]);
    const peek = await t.inject({
      method: 'GET',
      url: `/api/key/list-key-me?tagId=${ownerTag}`,
      token: intruder.token,
    });
    expect(peek.json()).toMatchObject({ items: [], total: 0 });
    const list = await t.inject({ method: 'GET', url: '/api/tag/list-tags?tagType=key', token: intruder.token });
    expect(list.json().map((x: { tagName: string }) => x.tagName)).toEqual(['Theirs']);
  });
});
