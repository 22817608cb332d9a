import { purgeOldAudit } from '../modules/audit/index.js';
import { purgeExpiredCredentials } from '../modules/auth/index.js';
import { purgeNotifications } from '../modules/notifications/index.js';
import { purgeSentMails } from '../modules/outbox/index.js';
import { purgeExpiredLimits } from '../modules/rate-limits/index.js';
import { purgeOldNodeEvents } from '../modules/node-protocol/index.js';
import type { Job } from './runner.js';

/**
 * Drops rows whose purpose has passed, each through the module that owns the table: rate-limit
 * windows and spent captchas, old codes and refresh tokens, the node change log and traffic reports
 * older than a day, mails sent more than a week ago, raised alerts' keys after 120 days, and the
 * audit trail's rows after a year (AUDIT_RETENTION_DAYS).
 */
export const maintenanceJob: Job = {
  name: 'maintenance',
  everyMs: 10 * 60_000,
  async run(ctx) {
    const now = ctx.clock.now();
    await purgeExpiredLimits(ctx.db, now);
    await purgeExpiredCredentials(ctx.db, now);
    await purgeOldNodeEvents(ctx.db, now);
    await purgeSentMails(ctx.db, now);
    await purgeNotifications(ctx.db, now);
    await purgeOldAudit(ctx.db, now);
  },
};
