import type { FastifyRequest } from 'fastify';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AgencyStatus, TAgency } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { agencies } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/** What the agency calls share: the agency view (the wire's Agency with its figures) and the owner's lookup. */

export type AgencyRow = typeof agencies.$inferSelect;

/** An agency with its owner's address and its figures (the wire's Agency). */
export interface AgencyViewRow extends AgencyRow {
  ownerEmail: string;
  members: number;
  totalDeposit: number;
  totalCommission: number;
}

interface RawView {
  id: string;
  site_id: string;
  owner_id: string;
  name: string;
  description: string;
  code: string;
  status: AgencyStatus;
  commission_percent: number;
  start_at: string | Date | null;
  end_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  owner_email: string;
  members: string | number;
  total_deposit: string | number;
  total_commission: string | number;
}

export const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));

function toView(r: RawView): AgencyViewRow {
  return {
    id: r.id,
    siteId: r.site_id,
    ownerId: r.owner_id,
    name: r.name,
    description: r.description,
    code: r.code,
    status: r.status,
    commissionPercent: Number(r.commission_percent),
    startAt: r.start_at === null ? null : date(r.start_at),
    endAt: r.end_at === null ? null : date(r.end_at),
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
    ownerEmail: r.owner_email,
    members: Number(r.members),
    totalDeposit: Number(r.total_deposit),
    totalCommission: Number(r.total_commission),
  };
}

const VIEW = sql`
  select a.*, u.email as owner_email,
         (select count(*) from agency_members m where m.agency_id = a.id) as members,
         coalesce((select sum(d.amount) from agency_deposits d where d.agency_id = a.id), 0) as total_deposit,
         coalesce((select sum(d.commission) from agency_deposits d where d.agency_id = a.id), 0) as total_commission
  from agencies a join users u on u.id = a.owner_id`;

export async function views(db: DbOrTx, where: SQL, tail: SQL = sql``): Promise<AgencyViewRow[]> {
  const rows = await queryRows<RawView>(db, sql`${VIEW} where ${where} ${tail}`);
  return rows.map(toView);
}

/** An agency as the wire shows it. */
export function toAgency(r: AgencyViewRow): TAgency {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    code: r.code,
    status: r.status,
    commissionPercent: r.commissionPercent,
    ownerEmail: r.ownerEmail,
    createdAt: r.createdAt.toISOString(),
    startAt: r.startAt?.toISOString() ?? null,
    endAt: r.endAt?.toISOString() ?? null,
    members: r.members,
    totalDeposit: r.totalDeposit,
    totalCommission: r.totalCommission,
  };
}

export async function findOwnAgencyView(db: DbOrTx, siteId: string, ownerId: string) {
  return (await views(db, sql`a.site_id = ${siteId} and a.owner_id = ${ownerId}`))[0];
}

/** The id of the agency the user owns on the site, or null (GET /api/user/me's `ownerAgency`). */
export async function findOwnedAgencyId(db: DbOrTx, siteId: string, ownerId: string): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from agencies where site_id = ${siteId} and owner_id = ${ownerId} limit 1`,
  );
  return rows[0]?.id ?? null;
}

async function findAgencyView(db: DbOrTx, siteId: string, id: string) {
  return (await views(db, sql`a.site_id = ${siteId} and a.id = ${id}`))[0];
}

export interface Caller {
  id: string;
  siteId: string;
}

/** The caller's own agency on this site, or 404 AGENCY_NOT_EXISTS. */
export async function ownAgency(db: DbOrTx, caller: Caller) {
  const view = await findOwnAgencyView(db, caller.siteId, caller.id);
  if (!view) {
    throw new AppError('AGENCY_NOT_EXISTS');
  }
  return view;
}

/** The caller of an owner's or member's call: the user, on the request's site. */
export const callerOf = (req: Pick<FastifyRequest, 'user' | 'site'>): Caller => ({
  id: req.user.id,
  siteId: req.site.id,
});

/** An agency of the admin's site as the wire shows it, or 404 AGENCY_NOT_EXISTS. */
export async function viewOf(ctx: AppContext, siteId: string, id: string): Promise<TAgency> {
  const view = await findAgencyView(ctx.db, siteId, id);
  if (!view) {
    throw new AppError('AGENCY_NOT_EXISTS');
  }
  return toAgency(view);
}

export async function lockAgency(tx: DbOrTx, siteId: string, id: string): Promise<AgencyRow | undefined> {
  const [row] = await tx
    .select()
    .from(agencies)
    .where(and(eq(agencies.siteId, siteId), eq(agencies.id, id)))
    .for('update');
  return row;
}

export async function updateAgencyRow(db: DbOrTx, id: string, patch: Partial<typeof agencies.$inferInsert>) {
  await db.update(agencies).set(patch).where(eq(agencies.id, id));
}
