import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createUser, customer, login, type TestApp } from '../../../test/helper.js';
import { sanitizeContentHtml } from './sanitize.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

const OWNER_HOST = 'proxy-owner.localhost';

async function admin(host = 'localhost') {
  const u = await createUser(t, { role: 2, host });
  return (await login(t, u, host)).accessToken;
}
const landing = async (host = 'localhost') =>
  (await t.inject({ method: 'GET', url: '/api/landing/detail', headers: { host } })).json();
const putLanding = (token: string, id: string, payload: object, host = 'localhost') =>
  t.inject({ method: 'PUT', url: `/api/landing/update/${id}`, token, headers: { host }, payload });

describe('HTML sanitising (allow-list)', () => {
  it.each([
    ['a script element and its text', '<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['a script in upper case', '<SCRIPT src="https://evil.example/x.js"></SCRIPT><b>ok</b>', '<b>ok</b>'],
    [
      'event handlers',
      '<p onclick="steal()" onmouseover=x>hi</p><img src="https://a.example/i.png" onerror="x">',
      '<p>hi</p><img src="https://a.example/i.png" loading="lazy" />',
    ],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['an obfuscated javascript: link', '<a href="  JaVa&#x09;ScRiPt:alert(1)">x</a>', '<a>x</a>'],
    [
      'a data: image and a vbscript: link',
      '<img src="data:image/svg+xml;base64,PHN2Zz4="><a href="vbscript:x">v</a>',
      '<img loading="lazy" /><a>v</a>',
    ],
    [
      'iframes, styles, forms and svg',
      '<iframe src="https://e.example"></iframe><style>*{}</style><form><input></form><svg onload=x></svg>ok',
      'ok',
    ],
    ['style attributes', '<p style="background:url(javascript:x)">s</p>', '<p>s</p>'],
  ])('should drop %s', (_name, input, want) => {
    expect(sanitizeContentHtml(input)).toBe(want);
  });

  it('should keep formatting, tables, safe links and images, and make new-tab links noopener', () => {
    const html =
      '<h2>T</h2><ul><li><strong>a</strong></li></ul><table><tr><td colspan="2">c</td></tr></table>' +
      '<a href="https://e.example/x" target="_blank">l</a><a href="mailto:a@b.c">m</a><img src="https://e.example/i.png" alt="i">';
    expect(sanitizeContentHtml(html)).toBe(
      '<h2>T</h2><ul><li><strong>a</strong></li></ul><table><tr><td colspan="2">c</td></tr></table>' +
        '<a href="https://e.example/x" target="_blank" rel="noopener noreferrer">l</a><a href="mailto:a@b.c">m</a>' +
        '<img src="https://e.example/i.png" alt="i" loading="lazy" />',
    );
  });
});

describe('/api/landing', () => {
  it('should serve the demo landing, and save the admin’s edit sanitised on the server', async () => {
    const before = await landing();
    expect(before.landingTitleEng).toContain('proxies');
    expect(before.faq.length).toBeGreaterThan(0);
    const token = await admin();
    const res = await putLanding(token, before.id, {
      landingTitle: 'Tiêu đề mới',
      html1: '<p onclick="x()">A</p><script>alert(1)</script><a href="javascript:alert(1)">B</a>',
      html2Eng: '<img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(200);
    const after = await landing();
    expect(after).toMatchObject({
      landingTitle: 'Tiêu đề mới',
      html1: '<p>A</p><a>B</a>',
      html2Eng: '<img src="x" loading="lazy" />',
      landingTitleEng: before.landingTitleEng,
      faq: before.faq,
    });
    expect(JSON.stringify(after)).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('should save the FAQ and quotes, and refuse bad ones with VALIDATION_ERROR', async () => {
    const token = await admin();
    const { id } = await landing();
    const faq = [{ question: 'Q?', questionEng: 'Q (en)?', answer: 'A', answerEng: 'A (en)' }];
    const quotes = [{ name: 'N', role: '', text: 'T', textEng: 'T en' }];
    expect((await putLanding(token, id, { faq, quotes })).statusCode).toBe(200);
    expect(await landing()).toMatchObject({ faq, quotes });
    const bad = await putLanding(token, id, { faq: [{ question: '' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('VALIDATION_ERROR');
    expect((await landing()).faq).toEqual(faq);
  });

  it('should keep each site’s landing its own: another site’s id is 404 and its texts are untouched', async () => {
    const own = await landing();
    const other = await landing(OWNER_HOST);
    expect(other.id).not.toBe(own.id);
    const token = await admin();
    const res = await putLanding(token, other.id, { landingTitle: 'hijack' });
    expect(res.statusCode).toBe(404);
    expect((await landing(OWNER_HOST)).landingTitle).toBe(other.landingTitle);
    const ownerAdmin = await admin(OWNER_HOST);
    expect((await putLanding(ownerAdmin, other.id, { landingTitle: 'Owner' }, OWNER_HOST)).statusCode).toBe(200);
    expect((await landing()).landingTitle).not.toBe('Owner');
  });
});

describe('/api/support', () => {
  const info = {
    channels: [
      { kind: 'telegram', label: 'Telegram', value: '@shop_help' },
      { kind: 'url', label: 'Web', value: 'https://help.example.com' },
      { kind: 'email', label: 'Mail', value: 'help@example.com' },
    ],
    hours: '9–18',
    note: 'Ghi chú',
    noteEng: 'Note',
    showIcons: true,
  };
  it('should replace the channels for the admin’s site only', async () => {
    const token = await admin();
    const res = await t.inject({ method: 'POST', url: '/api/support/admin/add-support', token, payload: info });
    expect(res.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/support/support-info' })).json()).toEqual(info);
    const other = await t.inject({ method: 'GET', url: '/api/support/support-info', headers: { host: OWNER_HOST } });
    expect(other.json().channels).not.toEqual(info.channels);
  });

  it.each([
    { kind: 'url', label: 'x', value: 'javascript:alert(1)' },
    { kind: 'email', label: 'x', value: 'not-an-email' },
    { kind: 'phone', label: 'x', value: 'call me' },
    { kind: 'fax', label: 'x', value: '123456' },
  ])('should refuse the channel %j with VALIDATION_ERROR', async (channel) => {
    const token = await admin();
    const res = await t.inject({
      method: 'POST',
      url: '/api/support/admin/add-support',
      token,
      payload: { ...info, channels: [channel] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('VALIDATION_ERROR');
  });
});

describe('/api/tutorial', () => {
  const article = {
    slug: 'my-guide',
    title: 'Hướng dẫn',
    titleEng: 'Guide',
    summary: 'Tóm tắt',
    summaryEng: 'Summary',
    html: '<p>vi</p><script>x</script>',
    htmlEng: '<p onclick="x">en</p><a href="javascript:x">j</a><img src="https://e.example/a.png">',
    order: 1,
  };

  it('should ship the demo articles in both languages', async () => {
    const vi = (await t.inject({ method: 'GET', url: '/api/tutorial/list?lang=vi' })).json();
    const en = (await t.inject({ method: 'GET', url: '/api/tutorial/list?lang=en' })).json();
    expect(vi.map((a: { slug: string }) => a.slug)).toEqual(
      expect.arrayContaining([
        'chrome-firefox-switchyomega',
        'windows-proxy-settings',
        'macos-proxy-settings',
        'curl',
        'python-requests',
        'antidetect-browsers',
      ]),
    );
    expect(en.find((a: { slug: string }) => a.slug === 'curl').title).toBe('Use a proxy with curl');
    const detail = (await t.inject({ method: 'GET', url: '/api/tutorial/detail/curl?lang=en' })).json();
    expect(detail.html).toContain('curl -x');
  });

  it('should create, read in each language, update and delete an article, sanitised', async () => {
    const token = await admin();
    const created = await t.inject({ method: 'POST', url: '/api/tutorial/admin/create', token, payload: article });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    const vi = (await t.inject({ method: 'GET', url: '/api/tutorial/detail/my-guide?lang=vi' })).json();
    expect(vi).toMatchObject({ title: 'Hướng dẫn', html: '<p>vi</p>' });
    const en = (await t.inject({ method: 'GET', url: '/api/tutorial/detail/my-guide?lang=en' })).json();
    expect(en.html).toBe('<p>en</p><a>j</a><img src="https://e.example/a.png" loading="lazy" />');

    const dup = await t.inject({ method: 'POST', url: '/api/tutorial/admin/create', token, payload: article });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('SLUG_EXISTS');
    const taken = await t.inject({
      method: 'PUT',
      url: `/api/tutorial/admin/update/${id}`,
      token,
      payload: { ...article, slug: 'curl' },
    });
    expect(taken.json().message).toBe('SLUG_EXISTS');

    const upd = await t.inject({
      method: 'PUT',
      url: `/api/tutorial/admin/update/${id}`,
      token,
      payload: { ...article, title: 'Mới' },
    });
    expect(upd.json().title).toBe('Mới');
    expect((await t.inject({ method: 'DELETE', url: `/api/tutorial/admin/delete/${id}`, token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/tutorial/detail/my-guide' })).statusCode).toBe(404);
  });

  it('should keep articles per site: another site’s admin gets 404 and its readers do not see it', async () => {
    const token = await admin();
    const created = await t.inject({
      method: 'POST',
      url: '/api/tutorial/admin/create',
      token,
      payload: { ...article, slug: 'site-a-only' },
    });
    const id = created.json().id;
    const other = await admin(OWNER_HOST);
    const h = { host: OWNER_HOST };
    for (const res of [
      await t.inject({
        method: 'PUT',
        url: `/api/tutorial/admin/update/${id}`,
        token: other,
        headers: h,
        payload: article,
      }),
      await t.inject({ method: 'DELETE', url: `/api/tutorial/admin/delete/${id}`, token: other, headers: h }),
      await t.inject({ method: 'GET', url: '/api/tutorial/detail/site-a-only', headers: h }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await t.inject({ method: 'GET', url: '/api/tutorial/detail/site-a-only' })).statusCode).toBe(200);
  });
});

describe('/api/tools downloads and my-ip', () => {
  it('should save http(s) downloads and refuse other links', async () => {
    const token = await admin();
    const items = [
      { title: 'T', titleEng: 'T', description: 'd', descriptionEng: 'd', url: 'https://dl.example.com/a.zip' },
    ];
    const ok = await t.inject({ method: 'PUT', url: '/api/tools/admin/downloads', token, payload: { items } });
    expect(ok.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/tools/downloads' })).json()).toEqual({ items });
    for (const url of ['javascript:alert(1)', 'ftp://dl.example.com/a', 'not a url', 'data:text/html,x']) {
      const res = await t.inject({
        method: 'PUT',
        url: '/api/tools/admin/downloads',
        token,
        payload: { items: [{ ...items[0], url }] },
      });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await t.inject({ method: 'GET', url: '/api/tools/downloads' })).json()).toEqual({ items });
  });

  it('should answer the caller’s address as the server sees it', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/tools/my-ip',
      remoteAddress: '198.51.100.7',
      headers: { 'user-agent': 'ua-test' },
    });
    expect(res.json()).toEqual({ ip: '198.51.100.7', family: 'IPv4', userAgent: 'ua-test' });
  });
});

describe('admin content calls', () => {
  it('should answer 403 to a customer and 401 to a visitor on every admin call, and change nothing', async () => {
    const c = await customer(t);
    const { id } = await landing();
    const tid = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'PUT' as const, url: `/api/landing/update/${id}`, payload: { landingTitle: 'x' } },
      {
        method: 'POST' as const,
        url: '/api/support/admin/add-support',
        payload: { channels: [], hours: '', note: '', noteEng: '' },
      },
      { method: 'GET' as const, url: '/api/tutorial/admin/list' },
      {
        method: 'POST' as const,
        url: '/api/tutorial/admin/create',
        payload: { slug: 'x', title: 'x', titleEng: 'x', html: '', htmlEng: '' },
      },
      {
        method: 'PUT' as const,
        url: `/api/tutorial/admin/update/${tid}`,
        payload: { slug: 'x', title: 'x', titleEng: 'x', html: '', htmlEng: '' },
      },
      { method: 'DELETE' as const, url: `/api/tutorial/admin/delete/${tid}` },
      { method: 'PUT' as const, url: '/api/tools/admin/downloads', payload: { items: [] } },
      { method: 'GET' as const, url: '/api/setting/admin/maintenance' },
      {
        method: 'PUT' as const,
        url: '/api/setting/admin/maintenance',
        payload: { enabled: true, message: '', messageEng: '', until: null },
      },
    ];
    const before = await landing();
    for (const call of calls) {
      const res = await t.inject({ ...call, token: c.token });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().message).toBe('FORBIDDEN');
      expect((await t.inject(call)).statusCode, call.url).toBe(401);
    }
    expect(await landing()).toEqual(before);
    expect((await t.inject({ method: 'GET', url: '/api/site/get-site-info' })).json().maintenance).toBeNull();
  });
});
