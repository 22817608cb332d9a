import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { claimPortBlock, E2E_RANGE } from '../apps/server/test/ports.js';
import { api, createCustomer, creditCustomer, signIn, tokenOf } from './support/app';
import { openInApp } from './support/navigate';
import { useE2E } from './support/setup';

// A proxy's live traffic in its details drawer: a customer buys a proxy, real curl downloads
// through it from a local target, and the drawer's live chart counts the bytes as they flow.
const run = promisify(execFile);
// A block of listener ports of its own (apps/server/test/ports.ts).
const portBase = claimPortBlock(E2E_RANGE);
const e2e = useE2E({
  env: { GATEWAY: 'embedded', GATEWAY_ALLOW_PRIVATE: '1', GATEWAY_PORTS: `${portBase}-${portBase + 99}` },
});
/** E2E_SHOTS_DIR: also save screenshots of the drawer (for a human to look at). */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
}

interface ProxyRow {
  id: string;
  host: string;
  port: number;
  username: string;
  password: string;
}

/** A local target that answers every request with 64 KiB. */
async function startTarget(): Promise<{ server: Server; url: string }> {
  const body = Buffer.alloc(64 * 1024, 'x');
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/** curl through the proxy every 300 ms until stopped; resolves with how many downloads succeeded. */
function trafficLoop(proxy: ProxyRow, target: string): { stop: () => Promise<number> } {
  let stopped = false;
  const proxyUrl = `http://${proxy.username}:${proxy.password}@${proxy.host}:${proxy.port}`;
  const done = (async () => {
    let ok = 0;
    while (!stopped) {
      const { stdout } = await run('/usr/bin/curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{size_download}',
        '-x',
        proxyUrl,
        target,
      ]);
      if (stdout.trim() === String(64 * 1024)) {
        ok += 1;
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    return ok;
  })();
  return {
    stop: async () => {
      stopped = true;
      return done;
    },
  };
}

/** On a signed-in page: the proxy list in `lang`, and the first proxy's details with its usage. */
async function openDrawer(page: Page, lang: 'vi' | 'en'): Promise<void> {
  await openInApp(page, `/manage-proxy?tab=v4&lang=${lang}`);
  await page.getByTestId('item-details-open').first().click();
  await page.getByTestId('proxy-usage').waitFor();
  await page.getByTestId('usage-history').scrollIntoViewIfNeeded();
}

/** Bytes as the drawer shows them ("64 KB", "1.5 MB") back to a number, to see them grow. */
function parseSize(text: string): number {
  const m = /([\d.]+)\s*(B|KB|MB|GB)/.exec(text);
  if (!m) {
    return 0;
  }
  const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[m[2] as 'B' | 'KB' | 'MB' | 'GB'];
  return Number(m[1]) * unit;
}

/** The download total the live line shows ("Upload 1 KB · Download 640 KB"). */
async function liveDownload(page: Page): Promise<number> {
  const text = await page.getByTestId('usage-live-totals').innerText();
  const parts = text.split('·');
  return parts.length === 2 ? parseSize(parts[1] ?? '') : 0;
}

describe('live proxy traffic', () => {
  it('should show the bytes that curl moves through a proxy in its drawer, live, and in the history', async () => {
    const { server, mail, page } = e2e;
    const creds = await createCustomer(server, mail, 'usage');
    await creditCustomer(server, creds.email, 500_000);
    const token = await tokenOf(server, creds);
    const bought = await api(server, 'POST', '/api/v4-proxy/buy-retail', {
      token,
      body: { country: 'US', quantity: 1, period: { unit: 'day', value: 1 } },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const list = await api<{ items: ProxyRow[] }>(server, 'GET', '/api/v4-proxy/list-proxy-me', { token });
    const proxy = list.body.items[0] as ProxyRow;
    const target = await startTarget();

    await signIn(page, server.baseUrl, creds, { lang: 'en', path: '/manage-proxy?tab=v4' });
    await openDrawer(page, 'en');
    await page.getByText('No traffic yet').waitFor();

    const traffic = trafficLoop(proxy, target.url);
    try {
      // The live line starts counting within seconds, and keeps growing while curl runs.
      await expect.poll(() => liveDownload(page), { interval: 250 }).toBeGreaterThan(0);
      const first = await liveDownload(page);
      await expect.poll(() => liveDownload(page), { interval: 250 }).toBeGreaterThan(first);
      await shoot(page, 'drawer-en-1366');

      const phone = await e2e.newPage({ viewport: { width: 390, height: 844 } });
      await signIn(phone, server.baseUrl, creds, { lang: 'vi', path: '/manage-proxy?tab=v4' });
      await openDrawer(phone, 'vi');
      await expect.poll(() => liveDownload(phone), { interval: 250 }).toBeGreaterThan(0);
      await shoot(phone, 'drawer-vi-390');

      // The drawer stays open across a move inside the app: closed first, as a customer would.
      await page.keyboard.press('Escape');
      await page.getByTestId('item-details').waitFor({ state: 'hidden' });
      await openDrawer(page, 'vi');
      await expect.poll(() => liveDownload(page), { interval: 250 }).toBeGreaterThan(0);
      await shoot(page, 'drawer-vi-1366');
      const phoneEn = await e2e.newPage({ viewport: { width: 390, height: 844 } });
      await signIn(phoneEn, server.baseUrl, creds, { lang: 'en', path: '/manage-proxy?tab=v4' });
      await openDrawer(phoneEn, 'en');
      await expect.poll(() => liveDownload(phoneEn), { interval: 250 }).toBeGreaterThan(0);
      await shoot(phoneEn, 'drawer-en-390');
    } finally {
      const downloads = await traffic.stop();
      target.server.close();
      expect(downloads).toBeGreaterThan(0);
    }

    // The history holds what was counted: the minute chart's total, then the hour and day tabs.
    await page.getByTestId('usage-step-hour').click();
    await expect
      .poll(async () => parseSize((await page.getByTestId('usage-history').innerText()).split('·').at(-1) ?? ''))
      .toBeGreaterThan(64 * 1024);
    await page.getByTestId('usage-step-day').click();
    await page.getByText('30 ngày qua').waitFor();
    await shoot(page, 'drawer-vi-1366-day');
  });
});
