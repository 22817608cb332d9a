import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, countRows, createUser, login, type TestApp } from '../../test/helper.js';
import { runJob } from './runner.js';
import { maintenanceJob } from './maintenance.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

describe('maintenance sweep', () => {
  it('should drop expired rate-limit windows and refresh tokens, and keep live ones', async () => {
    const u = await createUser(t);
    await login(t, u);
    expect(await countRows(t, 'rate_limits')).toBeGreaterThan(0);
    expect(await countRows(t, 'refresh_tokens')).toBe(1);
    expect(await runJob(t.ctx, maintenanceJob)).toBe(true);
    expect(await countRows(t, 'refresh_tokens')).toBe(1);
    t.clock.advance(31 * 24 * 3600_000);
    await runJob(t.ctx, maintenanceJob);
    expect(await countRows(t, 'rate_limits')).toBe(0);
    expect(await countRows(t, 'refresh_tokens')).toBe(0);
  });
});
