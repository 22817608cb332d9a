import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerText, type Banner } from '../src/banner.js';
import { scratchPostgres, serverBundle } from './spawn-server.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-banner-'));
/**
 * The project's database: with DATABASE_URL set (the server suite on PostgreSQL) a scratch
 * database, so the embedded start on PGlite runs once, in the PGlite subset, not in both projects.
 */
let database: Awaited<ReturnType<typeof scratchPostgres>>;
beforeAll(async () => {
  database = await scratchPostgres('banner');
});
afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the real server with stdout piped (not a terminal) and returns its banner line. */
function startAndReadBanner(env: Record<string, string>): Promise<Banner> {
  const { DATABASE_URL: _db, SMTP_URL: _smtp, ...parent } = process.env;
  const child = spawn(process.execPath, [serverBundle], {
    cwd: serverDir,
    env: {
      ...parent,
      ...(database ? { DATABASE_URL: database.url } : {}),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise<Banner>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const line of out.split('\n')) {
        try {
          const parsed = JSON.parse(line) as { msg?: string; banner?: Banner };
          if (parsed.msg === 'ready' && parsed.banner) {
            child.kill('SIGTERM');
            resolve(parsed.banner);
          }
        } catch {
          // Not a whole JSON line yet.
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) without a banner:\n${out}\n${err}`)));
  });
}

describe('the start banner', () => {
  it('should print one JSON line with the URLs, the owner, the gateway, the echo port and the mail route', async () => {
    const env = {
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'Boss-pass-1',
      GATEWAY: 'off',
      GATEWAY_PORTS: '21000-21099',
    };
    const first = await startAndReadBanner(env);
    expect(first.panelUrl).toMatch(/^http:\/\/localhost:\d+$/);
    const port = first.panelUrl.split(':')[2];
    expect(first.demoUrl).toBe(`http://proxy-owner.localhost:${port}`);
    expect(first.owner).toEqual({ email: 'boss@example.com', account: 'created' });
    expect(first.gateway).toEqual({ mode: 'off', ports: [21000, 21099] });
    expect(first.echoPort).toBeGreaterThan(0);
    expect(first.mail).toBe('log');

    // Started again on the same data: the owner exists; with SMTP_URL mails leave by SMTP.
    const second = await startAndReadBanner({ ...env, SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(second.owner.account).toBe('updated');
    expect(second.mail).toBe('smtp');
  }, 240_000);

  it('should say the same in plain words on a terminal', () => {
    const text = bannerText({
      panelUrl: 'http://localhost:8080',
      demoUrl: 'http://proxy-owner.localhost:8080',
      owner: { email: null, account: 'none' },
      gateway: { mode: 'embedded', ports: [20000, 29999] },
      echoPort: 40123,
      mail: 'log',
    });
    expect(text).toContain('panel      http://localhost:8080');
    expect(text).toContain('demo site  http://proxy-owner.localhost:8080');
    expect(text).toContain('set ADMIN_EMAIL and ADMIN_PASSWORD');
    expect(text).toContain('proxy ports 20000-29999');
    expect(text).toContain('port 40123');
    expect(text).toContain('sign-up codes are here');
    expect(text).not.toContain('{');
  });
});
