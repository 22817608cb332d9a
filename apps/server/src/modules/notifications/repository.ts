import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { notifyFired, notifySettings, telegramLinkCodes, telegramOffsets } from '../../db/schema/index.js';

export type SettingsRow = typeof notifySettings.$inferSelect;

export async function findSettings(db: DbOrTx, userId: string): Promise<SettingsRow | undefined> {
  const rows = await db.select().from(notifySettings).where(eq(notifySettings.userId, userId)).limit(1);
  return rows[0];
}

/** Several users' settings at once (the alert sweep). */
export async function findSettingsOf(db: DbOrTx, userIds: string[]): Promise<SettingsRow[]> {
  if (userIds.length === 0) {
    return [];
  }
  return queryRows<SettingsRow>(
    db,
    sql`select user_id as "userId", email, telegram_chat_id as "telegramChatId", webhook_url as "webhookUrl",
               webhook_secret as "webhookSecret", previous_secret as "previousSecret",
               secret_rotated_at as "secretRotatedAt", lead_days as "leadDays", low_balance as "lowBalance",
               low_alerted_at as "lowAlertedAt", low_alerts as "lowAlerts", events, language, updated_at as "updatedAt"
          from notify_settings where user_id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
}

export async function upsertSettings(db: DbOrTx, row: typeof notifySettings.$inferInsert): Promise<void> {
  const { userId: _userId, ...patch } = row;
  await db.insert(notifySettings).values(row).onConflictDoUpdate({ target: notifySettings.userId, set: patch });
}

/** Who an alert goes to: address, site, balance and whether the site mails only in English. */
export interface Recipient {
  id: string;
  email: string;
  siteId: string;
  balance: number;
  forceEnglish: boolean;
}

export async function findRecipients(db: DbOrTx, userIds: string[]): Promise<Recipient[]> {
  if (userIds.length === 0) {
    return [];
  }
  const rows = await queryRows<{
    id: string;
    email: string;
    site_id: string;
    balance: string | number;
    force_english: boolean;
  }>(
    db,
    sql`select u.id, u.email, u.site_id, u.balance, s.force_english
          from users u join sites s on s.id = u.site_id
         where u.active and u.id in (${sql.join(
           userIds.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    siteId: r.site_id,
    balance: Number(r.balance),
    forceEnglish: Boolean(r.force_english),
  }));
}

/** A proxy or key as the sweep sees it. */
export interface ItemRow {
  id: string;
  type: 'proxy' | 'key';
  user_id: string;
  order_id: string | null;
  label: string;
  status: 'using' | 'expired' | 'locked';
  expires_at: Date | string;
  auto_renew: boolean;
  created_at: Date | string;
}

/**
 * Standalone proxies and keys of a status expiring in [from, to) (a key's listeners follow their
 * key). Read-only: the items belong to the supply and orders modules.
 */
export async function findItemsExpiring(
  db: DbOrTx,
  statuses: ('using' | 'expired')[],
  from: Date,
  to: Date,
): Promise<ItemRow[]> {
  const a = from.toISOString();
  const b = to.toISOString();
  const status = sql`(${sql.join(
    statuses.map((st) => sql`${st}`),
    sql`, `,
  )})`;
  return queryRows<ItemRow>(
    db,
    sql`select id, 'proxy' as type, user_id, order_id, egress_ip || ':' || port as label, status, expires_at, auto_renew, created_at
          from proxies where status in ${status} and key_id is null and expires_at >= ${a} and expires_at < ${b}
        union all
        select id, 'key' as type, user_id, order_id, 'key ' || left(key, 8) || '…' as label, status, expires_at, auto_renew, created_at
          from rotating_keys where status in ${status} and expires_at >= ${a} and expires_at < ${b}
        order by expires_at, id`,
  );
}

/**
 * Low balance, at most once per crossing: marks the users below their threshold not yet alerted
 * and returns them (one conditional statement, so two sweeps cannot both take a user).
 */
export async function takeLowBalanceUsers(
  db: DbOrTx,
  at: Date,
): Promise<{ userId: string; balance: number; lowAlerts: number }[]> {
  const rows = await queryRows<{ user_id: string; balance: string | number; low_alerts: number }>(
    db,
    sql`update notify_settings s set low_alerted_at = ${at.toISOString()}, low_alerts = s.low_alerts + 1
          from users u
         where u.id = s.user_id and s.low_balance is not null and s.low_alerted_at is null and u.balance < s.low_balance
        returning s.user_id, u.balance, s.low_alerts`,
  );
  return rows.map((r) => ({ userId: r.user_id, balance: Number(r.balance), lowAlerts: r.low_alerts }));
}

/** A balance back at or above its threshold arms the next low-balance alert. */
export async function rearmLowBalance(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`update notify_settings s set low_alerted_at = null from users u
         where u.id = s.user_id and s.low_alerted_at is not null
           and (s.low_balance is null or u.balance >= s.low_balance)`,
  );
}

export async function insertLinkCode(db: DbOrTx, row: typeof telegramLinkCodes.$inferInsert): Promise<void> {
  await db.insert(telegramLinkCodes).values(row);
}

/** Spends a link code in one conditional statement: only one caller gets the user. */
export async function consumeLinkCode(
  db: DbOrTx,
  codeHash: string,
  siteId: string,
  at: Date,
): Promise<string | undefined> {
  const rows = await db
    .update(telegramLinkCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(telegramLinkCodes.codeHash, codeHash),
        eq(telegramLinkCodes.siteId, siteId),
        sql`${telegramLinkCodes.usedAt} is null and ${telegramLinkCodes.expiresAt} > ${at.toISOString()}`,
      ),
    )
    .returning({ userId: telegramLinkCodes.userId });
  return rows[0]?.userId;
}

export async function setTelegramChat(
  db: DbOrTx,
  userId: string,
  chatId: string | null,
  at: Date,
  defaults: Omit<typeof notifySettings.$inferInsert, 'updatedAt'>,
): Promise<void> {
  await db
    .insert(notifySettings)
    .values({ ...defaults, userId, telegramChatId: chatId, updatedAt: at })
    .onConflictDoUpdate({ target: notifySettings.userId, set: { telegramChatId: chatId, updatedAt: at } });
}

export async function findOffset(db: DbOrTx, siteId: string): Promise<number> {
  const rows = await db
    .select({ offset: telegramOffsets.offset })
    .from(telegramOffsets)
    .where(eq(telegramOffsets.siteId, siteId));
  return rows[0]?.offset ?? 0;
}

export async function saveOffset(db: DbOrTx, siteId: string, offset: number): Promise<void> {
  await db
    .insert(telegramOffsets)
    .values({ siteId, offset })
    .onConflictDoUpdate({ target: telegramOffsets.siteId, set: { offset } });
}

/**
 * Top-ups credited since `since` whose alert was not queued yet (read-only: the rows belong to
 * payments). A credit is final, so its alert, keyed by the top-up, is queued once.
 */
export async function findRecentCredits(
  db: DbOrTx,
  since: Date,
): Promise<{ id: string; user_id: string; amount: number; bonus: number; balance: number }[]> {
  const rows = await queryRows<{ id: string; user_id: string; amount: string; bonus: string; balance: string }>(
    db,
    sql`select t.id, t.user_id, t.amount, t.bonus, u.balance from topups t join users u on u.id = t.user_id
         where t.credited_at is not null and t.credited_at > ${since.toISOString()} and t.status = 'success'
           and not exists (select 1 from notify_fired f where f.key = 'topup.success:' || t.id)
         order by t.credited_at limit 500`,
  );
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    amount: Number(r.amount),
    bonus: Number(r.bonus),
    balance: Number(r.balance),
  }));
}

/** Proxies whose IP changed since `since`, of customers who opted in to ip.changed (read-only). */
export async function findRecentIpChanges(
  db: DbOrTx,
  since: Date,
): Promise<{ id: string; user_id: string; egress_ip: string; label: string; ip_changed_at: Date | string }[]> {
  return queryRows(
    db,
    sql`select p.id, p.user_id, p.egress_ip, p.egress_ip || ':' || p.port as label, p.ip_changed_at
          from notify_settings s join proxies p on p.user_id = s.user_id
         where s.events @> '["ip.changed"]'::jsonb and p.ip_changed_at > ${since.toISOString()}
         order by p.ip_changed_at limit 1000`,
  );
}

/** Records an event as raised; false when it was raised before (nothing is written then). */
export async function markFired(db: DbOrTx, key: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(notifyFired)
    .values({ key, userId, at })
    .onConflictDoNothing({ target: notifyFired.key })
    .returning({ key: notifyFired.key });
  return rows.length > 0;
}

/** Which of these event keys were raised already. */
export async function findFired(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) {
    return new Set();
  }
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select key from notify_fired where key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => r.key));
}

/** Maintenance: forgets raised events after 120 days (longer than any sweep looks back). */
export async function purgeFired(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(
    sql`delete from notify_fired where at < ${new Date(now.getTime() - 120 * 24 * 3600_000).toISOString()}`,
  );
}
