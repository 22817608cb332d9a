import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { queryRows } from '../db/client.js';
import { proxies } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { rotateEgress } from '../modules/proxies/operations.js';
import type { Job } from './runner.js';

const BATCH = 500;

/**
 * Rotates the egress of proxies in auto mode once their interval (15–1000 minutes) has passed
 * since the last change: processing, then changed. Rows are taken with SKIP LOCKED, so two
 * instances never rotate one proxy twice for one interval.
 */
export async function runRotation(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const due = await queryRows<{ id: string }>(
      tx,
      sql`select id from proxies
          where ip_change_mode = 'auto' and status = 'using' and change_interval_min is not null
            and coalesce(ip_changed_at, created_at) + make_interval(mins => change_interval_min) <= ${now}::timestamptz
          order by coalesce(ip_changed_at, created_at) limit ${BATCH} for update skip locked`,
    );
    if (due.length === 0) {
      return 0;
    }
    const rows = await tx
      .update(proxies)
      .set({ ipChangeStatus: 'processing' })
      .where(
        inArray(
          proxies.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    let rotated = 0;
    for (const p of rows) {
      try {
        await tx.transaction((sp) => rotateEgress(ctx, sp, p, p.keyId ? 'key' : p.type));
        rotated++;
      } catch (err) {
        if (!(err instanceof AppError)) {
          throw err;
        }
        // No free address right now: try again next interval rather than every sweep.
        await tx.execute(
          sql`update proxies set ip_change_status = 'not_changed', ip_changed_at = ${now} where id = ${p.id}`,
        );
      }
    }
    return rotated;
  });
}

export const rotationJob: Job = {
  name: 'ip-rotation',
  everyMs: 30_000,
  async run(ctx) {
    await runRotation(ctx);
  },
};
