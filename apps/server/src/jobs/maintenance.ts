import { sql } from 'drizzle-orm';
import type { Job } from './runner.js';

/** Drops rows whose purpose has passed: rate-limit windows, spent captchas, old codes and tokens. */
export const maintenanceJob: Job = {
  name: 'maintenance',
  everyMs: 10 * 60_000,
  async run(ctx) {
    const now = ctx.clock.now();
    const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
    await ctx.db.execute(sql`delete from rate_limits where expires_at < ${now.toISOString()}`);
    await ctx.db.execute(sql`delete from used_captchas where expires_at < ${now.toISOString()}`);
    await ctx.db.execute(sql`delete from email_codes where expires_at < ${dayAgo}`);
    await ctx.db.execute(sql`delete from refresh_tokens where expires_at < ${now.toISOString()}`);
    // Nodes that were away longer than this resync in full instead of replaying changes.
    await ctx.db.execute(sql`delete from proxy_events where created_at < ${dayAgo}`);
    await ctx.db.execute(sql`delete from traffic_reports where created_at < ${dayAgo}`);
    // Sent mails are kept a week for support questions ("did the code go out?").
    const weekAgo = new Date(now.getTime() - 7 * 24 * 3600_000).toISOString();
    await ctx.db.execute(sql`delete from outbox where sent_at < ${weekAgo}`);
  },
};
