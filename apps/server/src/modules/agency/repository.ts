import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AgencyStatus } from '@proxy/contract';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { agencies, agencyDeposits, agencyMembers, agencyTransfers } from '../../db/schema/index.js';
import { likePattern, offsetOf } from '../../lib/paging.js';

export type AgencyRow = typeof agencies.$inferSelect;
export type TransferRow = typeof agencyTransfers.$inferSelect;

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

const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));

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

async function views(db: DbOrTx, where: SQL, tail: SQL = sql``): Promise<AgencyViewRow[]> {
  const rows = await queryRows<RawView>(db, sql`${VIEW} where ${where} ${tail}`);
  return rows.map(toView);
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

export async function findAgencyView(db: DbOrTx, siteId: string, id: string) {
  return (await views(db, sql`a.site_id = ${siteId} and a.id = ${id}`))[0];
}

export interface AgencyFilter {
  siteId: string;
  status?: AgencyStatus;
  search: string;
  page: number;
  limit: number;
}

function filterSql(f: AgencyFilter): SQL {
  const parts = [sql`a.site_id = ${f.siteId}`];
  if (f.status) {
    parts.push(sql`a.status = ${f.status}`);
  }
  if (f.search) {
    const p = likePattern(f.search);
    parts.push(sql`(a.name ilike ${p} or a.code ilike ${p} or u.email ilike ${p})`);
  }
  return sql.join(parts, sql` and `);
}

/** A page of a site's agencies, newest first, and how many match. */
export async function listAgencyViews(db: DbOrTx, f: AgencyFilter) {
  const where = filterSql(f);
  const [items, totals] = await Promise.all([
    views(db, where, sql`order by a.created_at desc, a.id desc limit ${f.limit} offset ${offsetOf(f.page, f.limit)}`),
    queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from agencies a join users u on u.id = a.owner_id where ${where}`,
    ),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}

/** Throws the unique violations (one per owner, code per site) to the caller. */
export async function insertAgency(db: DbOrTx, values: typeof agencies.$inferInsert): Promise<void> {
  await db.insert(agencies).values(values);
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

/** Deletes the agency; its members leave with it (cascade), deposits and transfers keep their rows. */
export async function deleteAgencyRow(db: DbOrTx, siteId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(agencies)
    .where(and(eq(agencies.siteId, siteId), eq(agencies.id, id)))
    .returning({ id: agencies.id });
  return rows.length > 0;
}

export async function findAgencyByCode(db: DbOrTx, siteId: string, code: string): Promise<AgencyRow | undefined> {
  const [row] = await db
    .select()
    .from(agencies)
    .where(and(eq(agencies.siteId, siteId), eq(agencies.code, code)))
    .limit(1);
  return row;
}

/** Joins a user to an agency unless they already belong to one; true when they joined. */
export async function insertMember(db: DbOrTx, userId: string, agencyId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(agencyMembers)
    .values({ userId, agencyId, joinedAt: at })
    .onConflictDoNothing()
    .returning({ userId: agencyMembers.userId });
  return rows.length > 0;
}

/** The agency a user belongs to, with when they joined. */
export async function findMembership(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ agency: agencies, joinedAt: agencyMembers.joinedAt })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.userId, userId))
    .limit(1);
  return row;
}

export interface MemberFilter {
  agencyId: string;
  search: string;
  page: number;
  limit: number;
}

/** A page of an agency's members, newest first, each with what they topped up since joining. */
export async function listMembers(db: DbOrTx, f: MemberFilter) {
  const where = f.search
    ? sql`m.agency_id = ${f.agencyId} and u.email ilike ${likePattern(f.search)}`
    : sql`m.agency_id = ${f.agencyId}`;
  const [rows, totals] = await Promise.all([
    queryRows<{ user_id: string; email: string; joined_at: string | Date; deposit: string | number }>(
      db,
      sql`select m.user_id, u.email, m.joined_at,
                 coalesce((select sum(d.amount) from agency_deposits d
                           where d.member_id = m.user_id and d.agency_id = m.agency_id), 0) as deposit
          from agency_members m join users u on u.id = m.user_id
          where ${where}
          order by m.joined_at desc, m.user_id
          limit ${f.limit} offset ${offsetOf(f.page, f.limit)}`,
    ),
    queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from agency_members m join users u on u.id = m.user_id where ${where}`,
    ),
  ]);
  return {
    items: rows.map((r) => ({
      userId: r.user_id,
      email: r.email,
      deposit: Number(r.deposit),
      joinedAt: date(r.joined_at),
    })),
    total: Number(totals[0]?.n ?? 0),
  };
}

/** The member of this agency with this address (locked with nothing: the ledger locks the balance). */
export async function findMemberByEmail(db: DbOrTx, agencyId: string, email: string) {
  const rows = await queryRows<{ user_id: string; email: string }>(
    db,
    sql`select m.user_id, u.email from agency_members m join users u on u.id = m.user_id
        where m.agency_id = ${agencyId} and u.email = ${email} limit 1`,
  );
  return rows[0];
}

/** The agency the user is a member of, locked against a concurrent change of its percent or status. */
export async function findMemberAgencyForShare(tx: DbOrTx, userId: string): Promise<AgencyRow | undefined> {
  const [row] = await tx
    .select({ agency: agencies })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.userId, userId))
    .for('share', { of: agencies });
  return row?.agency;
}

/** Records a member's credited top-up once per top-up; false when it was already recorded. */
export async function insertDeposit(db: DbOrTx, values: typeof agencyDeposits.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(agencyDeposits)
    .values(values)
    .onConflictDoNothing()
    .returning({ topupId: agencyDeposits.topupId });
  return rows.length > 0;
}

export async function insertTransfer(db: DbOrTx, values: typeof agencyTransfers.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(agencyTransfers)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: agencyTransfers.id });
  return rows.length > 0;
}

export async function findTransferByKey(db: DbOrTx, ownerId: string, key: string): Promise<TransferRow | undefined> {
  const [row] = await db
    .select()
    .from(agencyTransfers)
    .where(and(eq(agencyTransfers.ownerId, ownerId), eq(agencyTransfers.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function sumTransferred(db: DbOrTx, agencyId: string): Promise<number> {
  const rows = await queryRows<{ s: string | number | null }>(
    db,
    sql`select coalesce(sum(amount), 0) as s from agency_transfers where agency_id = ${agencyId}`,
  );
  return Number(rows[0]?.s ?? 0);
}

/** One row per day in the zone `tz` from `from` to `to` inclusive, empty days included. */
export async function dailyStats(db: DbOrTx, agencyId: string, tz: string, from: string, to: string) {
  const rows = await queryRows<{
    day: string;
    new_members: string | number;
    deposit: string | number;
    commission: string | number;
  }>(
    db,
    sql`with days as (
          select to_char(d, 'YYYY-MM-DD') as day
          from generate_series(${from}::date, ${to}::date, interval '1 day') as d
        ), m as (
          select to_char(joined_at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*) as n
          from agency_members where agency_id = ${agencyId} group by 1
        ), dep as (
          select to_char(created_at at time zone ${tz}, 'YYYY-MM-DD') as day,
                 sum(amount) as deposit, sum(commission) as commission
          from agency_deposits
          where agency_id = ${agencyId}
            and created_at >= ${from}::date::timestamp at time zone ${tz}
            and created_at < (${to}::date + 1)::timestamp at time zone ${tz}
          group by 1
        )
        select days.day, coalesce(m.n, 0) as new_members, coalesce(dep.deposit, 0) as deposit,
               coalesce(dep.commission, 0) as commission
        from days left join m on m.day = days.day left join dep on dep.day = days.day
        order by days.day`,
  );
  return rows.map((r) => ({
    date: r.day,
    newMembers: Number(r.new_members),
    deposit: Number(r.deposit),
    commission: Number(r.commission),
  }));
}

export async function setTransferBalance(db: DbOrTx, id: string, balanceAfter: number): Promise<void> {
  await db.update(agencyTransfers).set({ balanceAfter }).where(eq(agencyTransfers.id, id));
}

export async function findMemberEmail(db: DbOrTx, userId: string): Promise<string> {
  const rows = await queryRows<{ email: string }>(db, sql`select email from users where id = ${userId}`);
  return rows[0]?.email ?? '';
}

/**
 * docs/money.md#agency: commissions paid other than once. Every recorded deposit with a commission
 * has exactly one `agency_commission` ledger row of that amount, no such row lacks its deposit,
 * and every deposit is of a successful top-up.
 */
export async function findCommissionMismatches(
  db: DbOrTx,
): Promise<{ topupId: string; commission: number; paid: number; rows: number }[]> {
  const rows = await queryRows<{
    topup_id: string;
    commission: string | number;
    paid: string | number;
    rows: string | number;
  }>(
    db,
    sql`select coalesce(d.topup_id::text, x.ref_id) as topup_id, coalesce(d.commission, 0) as commission,
               coalesce(x.paid, 0) as paid, coalesce(x.n, 0) as rows
        from agency_deposits d
        full join (select ref_id, sum(amount) as paid, count(*) as n from transactions
                   where ref_type = 'agency_commission' group by ref_id) x on x.ref_id = d.topup_id::text
        left join topups t on t.id = d.topup_id
        where d.topup_id is null
           or coalesce(t.status, '') <> 'success'
           or coalesce(x.paid, 0) <> d.commission
           or coalesce(x.n, 0) <> (case when d.commission > 0 then 1 else 0 end)`,
  );
  return rows.map((r) => ({
    topupId: r.topup_id,
    commission: Number(r.commission),
    paid: Number(r.paid),
    rows: Number(r.rows),
  }));
}
