import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { emitAlert } from './events.js';
import type { Effective, Recipient } from './queries.js';

/** What the steps of one alert sweep (scan.ts, account-alerts.ts) share: its state, how it raises an alert. */

export const iso = (v: Date | string) => new Date(v).toISOString();

export interface SweepState {
  ctx: AppContext;
  settings: Map<string, Effective>;
  users: Map<string, Recipient>;
  queued: string[];
}

export async function emit(st: SweepState, alert: Parameters<typeof emitAlert>[2]): Promise<void> {
  const ids = await st.ctx.db.transaction((tx) => emitAlert(st.ctx, tx, alert, st.settings.get(alert.userId)));
  st.queued.push(...ids);
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

/** The groups whose event key was not raised yet (one query), with their keys. */
export async function unfired<G>(
  st: SweepState,
  groups: G[],
  keyOf: (g: G) => string,
): Promise<{ g: G; key: string }[]> {
  const keyed = groups.map((g) => ({ g, key: keyOf(g) }));
  const fired = await findFired(
    st.ctx.db,
    keyed.map((k) => k.key),
  );
  return keyed.filter((k) => !fired.has(k.key));
}
