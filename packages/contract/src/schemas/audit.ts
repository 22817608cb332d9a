import { z } from 'zod';
import { zPage, ZListQuery, ZId } from './common.js';

/**
 * The customer's own trail (docs/wire-contract.md#audit): who did what to which proxy, key or
 * order, every login and the developer key's use (aggregated per key, client IP and hour).
 */
export const AUDIT_ACTORS = ['user', 'api-key', 'admin', 'system'] as const;
export type TAuditActor = (typeof AUDIT_ACTORS)[number];

export const AUDIT_TARGET_TYPES = ['proxy', 'key', 'order', 'account', 'api-key'] as const;
export type TAuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Every action a row can name; the web translates each (`audit.actions.<action>`). */
export const AUDIT_ACTIONS = [
  'order.buy',
  'order.renew',
  'order.auto-renew',
  'order.bandwidth',
  'order.increase-amount',
  'order.change-country',
  'order.extend',
  'order.cancel',
  'proxy.renew',
  'proxy.password',
  'proxy.auth-ip',
  'proxy.ip-change',
  'proxy.rotation',
  'proxy.ipv4-fallback',
  'proxy.comment',
  'proxy.auto-renew',
  'proxy.tag',
  'proxy.untag',
  'key.renew',
  'key.new-ip',
  'key.comment',
  'key.auto-renew',
  'key.tag',
  'key.untag',
  'key.delete',
  'account.login',
  'account.login-failed',
  'account.password',
  'account.password-reset',
  'account.2fa-on',
  'account.2fa-off',
  'account.recovery-codes',
  'account.auto-renew-private',
  'account.balance',
  'api-key.generate',
  'api-key.allowed-ips',
  'api-key.use',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const ZAuditEvent = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.enum(AUDIT_ACTORS),
  ip: z.string().nullable(),
  action: z.string(),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string().nullable() }).nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;
export const ZAuditPage = zPage(ZAuditEvent);

/** GET /api/audit/list: the caller's rows, newest first, narrowed to one proxy, key or order. */
export const ZAuditListQuery = ZListQuery.omit({ search: true }).extend({
  proxyId: ZId.optional(),
  keyId: ZId.optional(),
  orderId: ZId.optional(),
});
export type TAuditListQuery = z.infer<typeof ZAuditListQuery>;

/** An admin's view of one customer's trail (the customer page). */
export const ZAdminAuditListQuery = ZAuditListQuery.extend({ userId: ZId });
