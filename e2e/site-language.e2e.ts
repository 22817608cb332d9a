import { describe, expect, it } from 'vitest';
import { api, createCustomer, creditCustomer, signIn, ownerOf, ownerToken, tokenOf } from './support/app';
import { openInApp } from './support/navigate';
import { useE2E } from './support/setup';

// What a seller and their customers read in their own language and day: the site's time zone
// (docs/product-rules.md#time-zones), key package names, the payment methods the landing lists,
// and an IPv6 IP change in the one-address demo.
const e2e = useE2E({ ownServer: 'it changes the site’s time zone' });

const TEXT = {
  vi: {
    zoneNote: 'Ngày tính theo múi giờ của trang (Europe/Berlin), đặt trong mục Cấu hình.',
    zoneInvalid: 'Nhập tên múi giờ IANA, ví dụ Asia/Ho_Chi_Minh',
    keyPackage: 'Key 1 ngày',
    methods: 'Thanh toán qua: Chuyển khoản ngân hàng',
    noFreeAddress:
      'Kho IP của quốc gia này không còn địa chỉ trống để đổi sang. Vui lòng thử lại sau hoặc liên hệ hỗ trợ',
  },
  en: {
    zoneNote: "Days are counted in the site's time zone (Europe/Berlin), set under Configuration.",
    zoneInvalid: 'Enter an IANA time zone name, e.g. Asia/Ho_Chi_Minh',
    keyPackage: 'Key 1 day',
    methods: 'Pay by: Bank transfer',
    noFreeAddress: "This country's IP pool has no free address to change to. Please try again later or contact support",
  },
} as const;

async function setZone(timeZone: string): Promise<void> {
  const res = await api(e2e.server, 'PUT', '/api/setting/admin/update', {
    token: await ownerToken(e2e.server),
    body: { settings: { timeZone } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("the site's time zone", () => {
  it('should refuse a name Intl does not know, save a real one and count the analytics in it', async () => {
    const { page, server } = e2e;
    try {
      await signIn(page, server.baseUrl, ownerOf(server), { lang: 'en', path: '/admin/config?lang=en' });
      const field = page.getByTestId('site-time-zone');
      await expect.poll(() => field.inputValue()).toBe('Asia/Ho_Chi_Minh');
      const save = page.getByTestId('site-time-zone-save');
      await field.fill('Mars/Olympus');
      await page.getByTestId('site-time-zone-card').getByText(TEXT.en.zoneInvalid).waitFor();
      expect(await save.isDisabled()).toBe(true);
      await field.fill('Europe/Berlin');
      await save.click();
      await page.getByText('Updated').first().waitFor();
      const settings = await api<{ timeZone: string }>(server, 'GET', '/api/setting/admin/list', {
        token: await ownerToken(server),
      });
      expect(settings.body.timeZone).toBe('Europe/Berlin');

      for (const lang of ['vi', 'en'] as const) {
        await page.goto(`${server.baseUrl}/admin/analytics?lang=${lang}`);
        await page.getByText(TEXT[lang].zoneNote, { exact: true }).waitFor();
        // The presets end on today in Berlin.
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
        await expect.poll(() => page.getByTestId('range-to').inputValue()).toBe(today);
      }
    } finally {
      await setZone('Asia/Ho_Chi_Minh');
    }
  });
});

describe('what customers read in their language', () => {
  for (const lang of ['vi', 'en'] as const) {
    it(`should name key packages, list the switched-on payment methods and refuse a one-address IPv6 IP change (${lang})`, async () => {
      const { page, server, mail } = e2e;
      await page.goto(`${server.baseUrl}/?lang=${lang}`);
      await page.getByTestId('landing-payment-methods').getByText(TEXT[lang].methods, { exact: true }).waitFor();

      const creds = await createCustomer(server, mail, `lang-${lang}`);
      await creditCustomer(server, creds.email, 1_000_000);
      const token = await tokenOf(server, creds);
      const bought = await api<{ proxies: { id: string }[] }>(server, 'POST', '/api/v6-proxy/buy-retail', {
        token,
        body: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } },
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      await signIn(page, server.baseUrl, creds, { lang, path: `/dashboard?buy=key&lang=${lang}` });
      await page.getByTestId('buy-key-package').getByRole('combobox').click();
      await page.getByRole('option').filter({ hasText: TEXT[lang].keyPackage }).first().waitFor();
      await page.keyboard.press('Escape');

      await openInApp(page, `/manage-proxy?tab=v6&lang=${lang}`);
      const grid = page.getByTestId('proxies-grid-v6');
      // The grid renders the rows in view only: take the first one shown.
      const row = grid.locator('.MuiDataGrid-row[data-id]').first();
      await row.waitFor();
      const id = (await row.getAttribute('data-id'))!;
      await row.getByRole('checkbox').check();
      await page.getByTestId('batch-resetIp').click();
      await page.getByTestId('reset-ip-dialog-confirm').click();
      await page.getByText(TEXT[lang].noFreeAddress, { exact: true }).first().waitFor();
      const listed = await api<{ items: { id: string; egressIp: string; ipChangedAt: string | null }[] }>(
        server,
        'GET',
        '/api/v6-proxy/list-proxy-me?limit=50',
        { token },
      );
      expect(listed.body.items.find((p) => p.id === id)).toMatchObject({ egressIp: '::1', ipChangedAt: null });
    });
  }
});
