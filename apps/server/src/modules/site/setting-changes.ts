import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import { siteAdminEndpoints, type TListQuery, type TPage, type TSettingChange } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { siteSettingChanges } from '../../db/schema/index.js';
import { likePattern, mapPage, pagedSelect } from '../../lib/paging.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import type { Actor } from './queries.js';
import { assertMayEdit, caller, type SiteAdminCaller } from './view-sites.js';

export interface ChangeRow {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

/** Fields whose values the audit trail never shows (docs/wire-contract.md#sites). */
const SECRET_FIELDS = new Set(['recaptchaSecretKey']);
const MASK = '••••••';

function show(value: unknown): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The fields of `after` that differ from `before`, as audit rows (old → new; secrets masked: the
 * row says that the secret changed, never what it was or became).
 */
export function diffSettings(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  secrets: ReadonlySet<string> = SECRET_FIELDS,
): ChangeRow[] {
  const rows: ChangeRow[] = [];
  for (const [field, next] of Object.entries(after)) {
    if (next === undefined) {
      continue;
    }
    const oldValue = show(before[field]);
    const newValue = show(next);
    if (oldValue === newValue) {
      continue;
    }
    if (SECRET_FIELDS.has(field) || secrets.has(field)) {
      rows.push({ field, oldValue: oldValue === null ? null : MASK, newValue: newValue === null ? null : MASK });
    } else {
      rows.push({ field, oldValue, newValue });
    }
  }
  return rows;
}

/** Writes the audit rows of a change, in the change's transaction. */
export async function recordSettingChanges(
  tx: DbOrTx,
  at: Date,
  siteId: string,
  actor: Actor,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  /** More fields to mask, e.g. a payment method's sealed credentials. */
  secrets?: ReadonlySet<string>,
): Promise<void> {
  await insertSettingChanges(tx, at, siteId, actor, diffSettings(before, after, secrets));
}

async function insertSettingChanges(
  tx: DbOrTx,
  at: Date,
  siteId: string,
  actor: { id: string; email: string },
  changes: ChangeRow[],
): Promise<void> {
  if (changes.length > 0) {
    await tx
      .insert(siteSettingChanges)
      .values(changes.map((c) => ({ id: randomUUID(), siteId, at, actorId: actor.id, actorEmail: actor.email, ...c })));
  }
}

/**
 * GET setting-changes: a site's audit trail (an admin its own site's only), newest first; `search`
 * matches the field or the actor.
 */
async function listSiteSettingChanges(
  ctx: Pick<AppContext, 'db'>,
  caller: SiteAdminCaller,
  siteId: string,
  q: TListQuery,
): Promise<TPage<TSettingChange>> {
  assertMayEdit(caller, siteId);
  const like = likePattern(q.search);
  const where = and(
    eq(siteSettingChanges.siteId, siteId),
    q.search === '' ? undefined : or(ilike(siteSettingChanges.field, like), ilike(siteSettingChanges.actorEmail, like)),
  );
  const p = await pagedSelect(
    ctx.db
      .select()
      .from(siteSettingChanges)
      .where(where)
      .orderBy(desc(siteSettingChanges.at), asc(siteSettingChanges.field)),
    ctx.db.select({ n: count() }).from(siteSettingChanges).where(where),
    q.page,
    q.limit,
  );
  return mapPage(p, (r) => ({ ...r, at: r.at.toISOString() }));
}

/** GET setting-changes: `siteId` defaults to the caller's own site. */
export function settingChangesRoute(app: RouteApp, opts: RouteOptions): void {
  route(app, siteAdminEndpoints.listSettingChange, opts, async (req) =>
    listSiteSettingChanges(app.ctx, caller(req), req.query.siteId ?? req.site.id, req.query),
  );
}
