import { randomUUID } from 'node:crypto';
import type { TAuditAction, TAuditTargetType } from '@proxy/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';
import { actorFor } from './context.js';

type AuditInsert = Omit<typeof auditEvents.$inferInsert, 'siteId'>;

export interface AuditEventInput {
  /** Whose trail: the customer the change belongs to. */
  userId: string;
  action: TAuditAction;
  targetType?: TAuditTargetType;
  /** One row per id (a batch of 50 proxies is 50 rows, so each proxy's own trail has it). */
  targetIds?: string[];
  /** What changed, never a secret (a password change says so, nothing more). */
  detail?: Record<string, unknown>;
}

/** The owner's site, read in the same statement: callers (jobs too) need not know it. */
const siteOf = (userId: string) => sql`(select site_id from users where id = ${userId})`;

/**
 * Records events in the caller's transaction: a change rolled back leaves no row, a committed one
 * always has its row. The actor and the client IP come from the request's scope (context.ts).
 */
export async function recordAudit(
  ctx: Pick<AppContext, 'clock'>,
  tx: DbOrTx,
  events: AuditEventInput | AuditEventInput[],
): Promise<void> {
  const at = ctx.clock.now();
  const rows: AuditInsert[] = [];
  for (const ev of Array.isArray(events) ? events : [events]) {
    const who = actorFor(ev.userId);
    const base = {
      userId: ev.userId,
      at,
      actor: who.actor,
      actorUserId: who.actorUserId,
      apiKeyHint: who.apiKeyHint,
      ip: who.ip,
      action: ev.action,
      targetType: ev.targetType ?? null,
      detail: ev.detail ?? {},
    };
    const ids = ev.targetIds && ev.targetIds.length > 0 ? [...new Set(ev.targetIds)] : [null];
    for (const targetId of ids) {
      rows.push(Object.assign({}, base, { id: randomUUID(), targetId }));
    }
  }
  // One multi-row INSERT per 4,000 rows (PostgreSQL's 65,535 bind parameters / about 12 a row);
  // rows of one statement may belong to several users.
  for (let i = 0; i < rows.length; i += 4000) {
    await tx
      .insert(auditEvents)
      .values(rows.slice(i, i + 4000).map((r) => Object.assign({}, r, { siteId: siteOf(r.userId) })));
  }
}

/**
 * One keyed request of the developer API. A row per request would drown the trail, so the use is
 * aggregated: one row per key, client IP and UTC hour, with the number of requests and the last
 * one's time (docs/wire-contract.md#audit).
 */
export async function recordApiKeyUse(
  ctx: Pick<AppContext, 'clock' | 'db'>,
  use: { userId: string; hint: string; ip: string; method: string; path: string },
): Promise<void> {
  const now = ctx.clock.now();
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const row: AuditInsert & { bucket: string } = {
    id: randomUUID(),
    userId: use.userId,
    at: now,
    actor: 'api-key',
    actorUserId: use.userId,
    apiKeyHint: use.hint,
    ip: use.ip,
    action: 'api-key.use',
    targetType: 'api-key',
    targetId: null,
    detail: { count: 1, hour: hour.toISOString(), lastAt: now.toISOString(), first: `${use.method} ${use.path}` },
    bucket: `use:${use.hint}:${use.ip}:${hour.toISOString()}`,
  };
  // The first use of a bucket inserts its row with count 1; every later one bumps count and lastAt.
  await ctx.db
    .insert(auditEvents)
    .values({ ...row, siteId: siteOf(row.userId) })
    .onConflictDoUpdate({
      target: [auditEvents.userId, auditEvents.bucket],
      targetWhere: sql`${auditEvents.bucket} is not null`,
      set: {
        detail: sql`jsonb_set(jsonb_set(${auditEvents.detail}, '{count}', to_jsonb(coalesce((${auditEvents.detail}->>'count')::int, 0) + 1)), '{lastAt}', ${sql.raw('excluded.detail')}->'lastAt')`,
      },
    });
}
