import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createCustomer, creditCustomer, signIn, tokenOf } from './support/app';
import { useE2E } from './support/setup';
import { WAIT_MS } from './support/wait';

// docs/screens.md#proxy-management: the IP-change-mode dialog starts from the chosen proxies' own
// mode, so opening it and saving changes nothing; a selection whose modes differ preselects none.
const e2e = useE2E();

interface Listed {
  id: string;
  ipChangeMode: 'auto' | 'manual';
  changeIntervalMin: number | null;
}

async function setMode(token: string, ids: string[], mode: 'auto' | 'manual', intervalMin?: number) {
  const res = await api(e2e.server, 'POST', '/api/v6-proxy/update-reset-ip-type', {
    token,
    body: { listProxyId: ids, mode, ...(intervalMin ? { intervalMin } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function listed(token: string): Promise<Map<string, Listed>> {
  const res = await api<{ items: Listed[] }>(e2e.server, 'GET', '/api/v6-proxy/list-proxy-me?limit=500', { token });
  return new Map(res.body.items.map((p) => [p.id, p]));
}

async function openDialog(page: Page, rowIds: string[]) {
  const grid = page.getByTestId('proxies-grid-v6');
  for (const id of rowIds) {
    await grid.locator(`.MuiDataGrid-row[data-id="${id}"]`).getByRole('checkbox').check();
  }
  await page.getByTestId('batch-ipMode').click();
  const dialog = page.getByTestId('ip-mode-dialog');
  await dialog.waitFor();
  return dialog;
}

const TEXT = {
  vi: { auto: 'Tự động đổi IP theo chu kỳ', manual: 'Đổi IP thủ công' },
  en: { auto: 'Change the IP automatically on a schedule', manual: 'Change the IP manually' },
} as const;

describe('IP change mode dialog', () => {
  for (const lang of ['vi', 'en'] as const) {
    it(`should preselect the current mode and keep it on save, and preselect nothing for a mix (${lang})`, async () => {
      const { server, mail, page } = e2e;
      const creds = await createCustomer(server, mail, `ipmode-${lang}`);
      await creditCustomer(server, creds.email, 1_000_000);
      const token = await tokenOf(server, creds);
      const bought = await api(server, 'POST', '/api/v6-proxy/buy-retail', {
        token,
        body: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 } },
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      const all = [...(await listed(token)).keys()];
      await setMode(token, all, 'manual');

      await signIn(page, server.baseUrl, creds, { lang, path: '/manage-proxy?tab=v6' });
      // Only rows that carry a proxy's id: the grid may show placeholder rows while it loads.
      const rows = page.getByTestId('proxies-grid-v6').locator('.MuiDataGrid-row[data-id]');
      const shown = () => rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-id') ?? ''));
      const known = new Set(all);
      await expect
        .poll(async () => (await shown()).filter((id) => known.has(id)).length, { timeout: WAIT_MS })
        .toBeGreaterThanOrEqual(2);
      const [first, second] = (await shown()).filter((id) => known.has(id));

      // A manual proxy: manual is preselected, and saving keeps it manual.
      let dialog = await openDialog(page, [first!]);
      expect(await dialog.getByRole('radio', { name: TEXT[lang].manual }).isChecked()).toBe(true);
      expect(await dialog.getByRole('radio', { name: TEXT[lang].auto }).isChecked()).toBe(false);
      await page.getByTestId('ip-mode-dialog-confirm').click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await listed(token)).get(first!)).toMatchObject({ ipChangeMode: 'manual', changeIntervalMin: null });

      // An automatic proxy: automatic with its own interval.
      await setMode(token, [second!], 'auto', 45);
      await page.reload();
      await rows.nth(1).waitFor();
      dialog = await openDialog(page, [second!]);
      expect(await dialog.getByRole('radio', { name: TEXT[lang].auto }).isChecked()).toBe(true);
      expect(await page.getByTestId('ip-mode-minutes').inputValue()).toBe('45');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Both: the modes differ, so none is chosen and Save waits for a choice.
      await page.reload();
      await rows.nth(1).waitFor();
      dialog = await openDialog(page, [first!, second!]);
      expect(await dialog.getByRole('radio', { name: TEXT[lang].manual }).isChecked()).toBe(false);
      expect(await dialog.getByRole('radio', { name: TEXT[lang].auto }).isChecked()).toBe(false);
      expect(await page.getByTestId('ip-mode-dialog-confirm').isDisabled()).toBe(true);
      await dialog.getByRole('radio', { name: TEXT[lang].manual }).check();
      await page.getByTestId('ip-mode-dialog-confirm').click();
      await dialog.waitFor({ state: 'hidden' });
      const after = await listed(token);
      expect(after.get(first!)?.ipChangeMode).toBe('manual');
      expect(after.get(second!)?.ipChangeMode).toBe('manual');
    });
  }
});
