import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { USAGE_CHANNEL } from './queries.js';

export interface MinuteCounter {
  proxyId: string;
  bytesIn: number;
  bytesOut: number;
}

/** The longest NOTIFY payload we send naming users; a longer list is sent as `*` (everyone). */
const MAX_PAYLOAD = 7000;

/**
 * Adds a report's bytes to slot `slot` (1-60: the minute of the hour, plus one) of each proxy's
 * row of `hour` (whole UTC hours since the epoch) and wakes the live streams with one NOTIFY for
 * the whole batch naming the owners of the proxies reported (comma-separated user ids, or `*` when
 * that list would not fit a payload), in one statement (the caller's transaction, which also
 * records the report id: a report counts once and is heard of only once committed). `counters`
 * must name each proxy once.
 */
async function addMinuteUsage(tx: Tx, counters: MinuteCounter[], hour: number, slot: number, at: Date): Promise<void> {
  const values = sql.join(
    counters.map((c) => sql`(${c.proxyId}::uuid, ${c.bytesIn}::bigint, ${c.bytesOut}::bigint)`),
    sql`, `,
  );
  const m = sql`${slot}::int`;
  // A new row is 60 zeros with this minute's bytes in its slot.
  const row = (v: SQL) =>
    sql`array_fill(0::bigint, array[${m} - 1]) || ${v} || array_fill(0::bigint, array[60 - ${m}])`;
  await tx.execute(sql`with added as (
      insert into usage_minutes (proxy_id, hour, bytes_in, bytes_out, updated_at)
      select v.proxy_id, ${hour}::int, ${row(sql`v.bytes_in`)}, ${row(sql`v.bytes_out`)}, ${at.toISOString()}::timestamptz
      from (values ${values}) as v(proxy_id, bytes_in, bytes_out)
      on conflict (proxy_id, hour) do update set
        bytes_in[${m}] = usage_minutes.bytes_in[${m}] + excluded.bytes_in[${m}],
        bytes_out[${m}] = usage_minutes.bytes_out[${m}] + excluded.bytes_out[${m}],
        updated_at = excluded.updated_at
      returning proxy_id),
    owners as (
      select string_agg(distinct p.user_id::text, ',') as ids from added a join proxies p on p.id = a.proxy_id)
    select pg_notify(${USAGE_CHANNEL}, case when length(ids) <= ${MAX_PAYLOAD} then ids else '*' end)
    from owners where ids is not null`);
}

/**
 * Records a node report's bytes by minute (docs/gateway-protocol.md#usage-history), inside the
 * transaction that recorded its report id. A proxy named twice in one report is summed first.
 * (The reporting node is not recorded: the live streams' NOTIFY names the proxies' owners.)
 */
export async function recordMinuteUsage(tx: Tx, _nodeId: string, counters: MinuteCounter[], now: Date): Promise<void> {
  const byProxy = new Map<string, MinuteCounter>();
  for (const c of counters) {
    const seen = byProxy.get(c.proxyId);
    if (seen) {
      seen.bytesIn += c.bytesIn;
      seen.bytesOut += c.bytesOut;
    } else {
      byProxy.set(c.proxyId, { proxyId: c.proxyId, bytesIn: c.bytesIn, bytesOut: c.bytesOut });
    }
  }
  if (byProxy.size === 0) {
    return;
  }
  const minute = Math.floor(now.getTime() / 60_000);
  await addMinuteUsage(tx, [...byProxy.values()], Math.floor(minute / 60), (minute % 60) + 1, now);
}
