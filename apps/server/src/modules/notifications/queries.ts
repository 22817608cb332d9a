import { DEFAULT_LEAD_DAYS, DEFAULT_NOTIFY_EVENTS } from '@proxy/contract';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { notifySettings } from '../../db/schema/index.js';

/** The statements and helpers two or more of the module's use cases share: a customer's settings and recipients. */

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

/** A customer's settings with the defaults filled in (no row yet: email on, 7/3/1 days…). */
export type Effective = Omit<SettingsRow, 'updatedAt'>;

export function effective(userId: string, row: SettingsRow | undefined): Effective {
  if (row) {
    return row;
  }
  return {
    userId,
    email: true,
    telegramChatId: null,
    webhookUrl: null,
    webhookSecret: null,
    previousSecret: null,
    secretRotatedAt: null,
    leadDays: [...DEFAULT_LEAD_DAYS],
    lowBalance: null,
    lowAlertedAt: null,
    lowAlerts: 0,
    events: [...DEFAULT_NOTIFY_EVENTS],
    language: 'vi',
  };
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
