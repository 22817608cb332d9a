/**
 * The customer's audit trail (docs/guide.md#activity-audit-trail), table `audit_events`.
 * `recordAudit` runs in the transaction of each change, so a refused change leaves no row; who acts
 * and from which IP comes from the request scope in `context.ts` (entered by app.ts, filled by
 * plugins/auth.ts; `system` in jobs, `admin` for an admin on another user's rows, `api-key` for a
 * keyed call). `recordApiKeyUse` upserts one row per key, IP and hour. Its routes (/api/audit/…)
 * are registered by app.ts from routes.ts.
 */
export { recordAudit, recordApiKeyUse, type AuditEventInput } from './record-audit.js';
export { purgeOldAudit } from './purge-audit.js';
export { runInRequestScope, identifyCaller, asSystem } from './context.js';
