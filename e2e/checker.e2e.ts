import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { claimPortBlock, E2E_RANGE } from '../apps/server/test/ports.js';
import { api, createCustomer, creditCustomer, signIn, tokenOf } from './support/app';
import { layoutProblems } from './support/layout-checks';
import { useE2E } from './support/setup';

// One proxy, one verdict: a just-bought IPv6 proxy is live in the free checker (tested against an
// IPv6 target, labelled with the protocol it was checked over) and in proxy management's check.
// The gateway runs here, unlike in most other specs, on a block of ports of its own
// (apps/server/test/ports.ts), whose next port is the checker's echo service.
const from = claimPortBlock(E2E_RANGE);
const e2e = useE2E({
  env: {
    GATEWAY: 'embedded',
    GATEWAY_PORTS: `${from}-${from + 99}`,
    ECHO_ADDR: `127.0.0.1:${from + 100}`,
  },
});

const SHOTS = process.env.E2E_SHOTS_DIR;
const TEXT = {
  vi: { live: 'Sống', over: 'Kiểm tra qua: SOCKS5', summary: 'Sống: 1 · Chết: 0' },
  en: { live: 'Live', over: 'Checked over: SOCKS5', summary: 'Live: 1 · Dead: 0' },
} as const;

interface Bought {
  host: string;
  port: number;
  username: string;
  password: string;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }
}

describe('checking a bought IPv6 proxy', () => {
  for (const lang of ['vi', 'en'] as const) {
    it(`should call it live in the free checker at 390 px and in proxy management at 1,366 px (${lang})`, async () => {
      const { server, mail, page } = e2e;
      const c = await createCustomer(server, mail, `check6-${lang}`);
      await creditCustomer(server, c.email, 1_000_000);
      const bought = await api<{ proxies: Bought[] }>(server, 'POST', '/api/v6-proxy/buy-retail', {
        token: await tokenOf(server, c),
        body: { country: 'VN', quantity: 50, period: { unit: 'day', value: 1 }, protocol: 'http' },
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      const p = bought.body.proxies[0]!;

      const phone = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await signIn(phone, server.baseUrl, c, { lang, path: '/check-proxy' });
      await phone.getByTestId('check-input').fill(`${p.host}:${p.port}:${p.username}:${p.password}`);
      await phone.getByTestId('check-start').tap();
      const card = phone.getByTestId('check-results').getByTestId('check-card');
      await card.getByTestId('check-status').filter({ hasText: TEXT[lang].live }).waitFor();
      // The label says what the check used, not a guess: "auto" tries SOCKS5 first, which the
      // gateway's port speaks besides HTTP (docs/guide.md; the server test checks each protocol).
      expect(await card.innerText()).toContain(TEXT[lang].over);
      expect(await card.innerText()).toContain('::1');
      expect(await layoutProblems(phone, { tables: true })).toEqual([]);
      await shot(phone, `checker-ipv6-390-${lang}`);

      await signIn(page, server.baseUrl, c, { lang, path: '/manage-proxy?tab=v6' });
      // Any of the order's 50 proxies: all are IPv6 proxies bought a moment ago.
      await page
        .getByTestId('proxies-grid-v6')
        .locator('.MuiDataGrid-row[data-id]')
        .first()
        .getByRole('checkbox')
        .check();
      await page.getByTestId('batch-check').click();
      const dialog = page.getByTestId('check-results-dialog');
      await dialog.getByTestId('check-summary').filter({ hasText: TEXT[lang].summary }).waitFor();
      expect(await dialog.getByTestId('check-row').innerText()).toContain('::1');
      await shot(page, `manage-check-ipv6-1366-${lang}`);
    });
  }
});
