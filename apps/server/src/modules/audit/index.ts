/**
 * The customer's audit trail (README "Activity"): `recordAudit` in the transaction of each change,
 * `recordApiKeyUse` from the key check, the request scope that says who acts and from where.
 * Its routes (/api/audit/…) are registered by app.ts from routes.ts.
 */
export { recordAudit, recordApiKeyUse, purgeOldAudit, type AuditEventInput } from './service.js';
export { runInRequestScope, identifyCaller, asSystem } from './context.js';
