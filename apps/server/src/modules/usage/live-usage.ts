import type { FastifyBaseLogger } from 'fastify';
import type { ServerResponse } from 'node:http';
import { usageEndpoints, type TUsageLiveEvent } from '@proxy/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type DbOrTx } from '../../db/client.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { openEventStream, superviseStream, writeEvent } from '../../lib/sse.js';
import { hourFloor, minuteRows, USAGE_CHANNEL } from './queries.js';

/** A comment line every ~20 s keeps proxies and browsers from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/** How often an open stream checks that its session still stands. */
const SESSION_CHECK_MS = 60_000;

interface LiveRow {
  user_id: string;
  proxy_id: string;
  bucket: Date | string;
  bytes_in: string | number;
  bytes_out: string | number;
  updated_at: Date | string;
}

/** The minute rows from `since` on of the proxies of `userIds` (the live streams' catch-up read). */
async function listRecentMinutes(db: DbOrTx, userIds: string[], since: Date): Promise<LiveRow[]> {
  if (userIds.length === 0) {
    return [];
  }
  const users = sql.join(
    userIds.map((u) => sql`${u}::uuid`),
    sql`, `,
  );
  return queryRows<LiveRow>(
    db,
    sql`select p.user_id, m.proxy_id, m.bucket, m.bytes_in, m.bytes_out, m.updated_at
        from proxies p
        cross join lateral (${minuteRows(sql`u.proxy_id = p.id and u.hour >= ${hourFloor(since)}::int`)}) m
        where p.user_id in (${users}) and m.bucket >= ${since.toISOString()}::timestamptz`,
  );
}

/** A live usage stream as the hub sees it. */
export interface UsageStream {
  readonly userId: string;
  send: (event: TUsageLiveEvent) => void;
}

interface Watched {
  streams: Set<UsageStream>;
  /** Per `proxyId|bucket`: the bytes already told, so each read sends only what is new. */
  told: Map<string, { bytesIn: number; bytesOut: number }>;
}

/** Reads at most this often however many reports arrive (one per node per second). */
const MIN_READ_GAP_MS = 250;

/**
 * This instance's side of GET /api/usage/live (docs/gateway-protocol.md#live-usage). One LISTEN on
 * the reports' channel, opened with the first stream. A NOTIFY (one per report batch, whichever
 * instance took it) names the owners of the proxies reported (or `*`: everyone) and only wakes the
 * hub: it then reads the current and previous minutes of the proxies of those of them with an open
 * stream here and sends each proxy's growth since the previous read. After a listener loss it reads
 * every watched user again, so nothing is missed that the minute rows still hold.
 */
export class UsageHub {
  private readonly users = new Map<string, Watched>();
  private listening: Promise<() => Promise<void>> | null = null;
  private reading: Promise<void> | null = null;
  private again = false;
  /** The users to read at the next read: named by NOTIFYs since the last one, or all of them. */
  private pending: Set<string> | 'all' = new Set();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly nowMs: () => number,
  ) {}

  /** Resolves once LISTEN is in place and the user's current minutes are known (not sent). */
  async subscribe(stream: UsageStream): Promise<() => void> {
    if (!this.listening) {
      this.listening = this.database.listen(USAGE_CHANNEL, (payload) => this.wake(payload), {
        onResume: () => this.wake('*'),
      });
      this.listening.catch(() => {
        this.listening = null;
      });
    }
    await this.listening;
    let watched = this.users.get(stream.userId);
    if (!watched) {
      watched = { streams: new Set(), told: new Map() };
      const rows = await listRecentMinutes(this.database.db, [stream.userId], this.since());
      for (const r of rows) {
        watched.told.set(key(r), { bytesIn: Number(r.bytes_in), bytesOut: Number(r.bytes_out) });
      }
      // Another subscribe of the same user may have finished first.
      watched = this.users.get(stream.userId) ?? watched;
      this.users.set(stream.userId, watched);
    }
    watched.streams.add(stream);
    return () => {
      const w = this.users.get(stream.userId);
      if (w?.streams.delete(stream) && w.streams.size === 0) {
        this.users.delete(stream.userId);
      }
    };
  }

  /** Open streams on this instance. */
  get size(): number {
    let n = 0;
    for (const w of this.users.values()) {
      n += w.streams.size;
    }
    return n;
  }

  /** The current and the previous minute: a report at a minute's end may land in either. */
  private since(): Date {
    return new Date(Math.floor(this.nowMs() / 60_000) * 60_000 - 60_000);
  }

  /** `payload`: comma-separated user ids, or `*` for every watched user. */
  private wake(payload: string): void {
    if (this.users.size === 0) {
      return;
    }
    if (payload === '*' || this.pending === 'all') {
      this.pending = 'all';
    } else {
      const before = this.pending.size;
      for (const id of payload.split(',')) {
        if (this.users.has(id)) {
          this.pending.add(id);
        }
      }
      if (this.pending.size === before && (this.reading || before === 0)) {
        // Nobody watched here is named, or all of them are already due at a read on its way.
        return;
      }
    }
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        const started = Date.now();
        await this.read().catch((err: unknown) => this.log.warn({ err }, 'usage: live read failed'));
        const rest = MIN_READ_GAP_MS - (Date.now() - started);
        if (this.again && rest > 0) {
          await new Promise((r) => setTimeout(r, rest));
        }
      } while (this.again && this.users.size > 0);
    })().finally(() => {
      this.reading = null;
    });
  }

  private async read(): Promise<void> {
    const since = this.since();
    const due = this.pending;
    this.pending = new Set();
    const userIds = due === 'all' ? [...this.users.keys()] : [...due].filter((u) => this.users.has(u));
    const rows = await listRecentMinutes(this.database.db, userIds, since);
    const events = new Map<string, { userId: string; event: TUsageLiveEvent }>();
    for (const r of rows) {
      const watched = this.users.get(r.user_id);
      if (!watched) {
        continue;
      }
      const k = key(r);
      const now = { bytesIn: Number(r.bytes_in), bytesOut: Number(r.bytes_out) };
      const before = watched.told.get(k) ?? { bytesIn: 0, bytesOut: 0 };
      watched.told.set(k, now);
      const [dIn, dOut] = [now.bytesIn - before.bytesIn, now.bytesOut - before.bytesOut];
      if (dIn <= 0 && dOut <= 0) {
        continue;
      }
      const at = new Date(r.updated_at).toISOString();
      const e = events.get(r.proxy_id);
      if (e) {
        e.event.bytesIn += dIn;
        e.event.bytesOut += dOut;
        e.event.at = at > e.event.at ? at : e.event.at;
      } else {
        events.set(r.proxy_id, { userId: r.user_id, event: { proxyId: r.proxy_id, bytesIn: dIn, bytesOut: dOut, at } });
      }
    }
    const cutoff = since.getTime();
    for (const w of this.users.values()) {
      for (const k of w.told.keys()) {
        if (Number(k.slice(k.indexOf('|') + 1)) < cutoff) {
          w.told.delete(k);
        }
      }
    }
    for (const { userId, event } of events.values()) {
      for (const stream of this.users.get(userId)?.streams ?? []) {
        try {
          stream.send(event);
        } catch (err) {
          this.log.warn({ err }, 'usage: a stream failed');
        }
      }
    }
  }

  async close(): Promise<void> {
    this.users.clear();
    const listening = this.listening;
    this.listening = null;
    const unlisten = await listening?.catch(() => null);
    await unlisten?.().catch(() => undefined);
  }
}

function key(r: LiveRow): string {
  return `${r.proxy_id}|${new Date(r.bucket).getTime()}`;
}

/**
 * GET /api/usage/live (SSE): `usage {proxyId, bytesIn, bytesOut, at}` per proxy of the caller with
 * new traffic. Token as for /api/events; the session is checked again while the stream is open.
 */
export function liveUsageRoute(app: RouteApp, opts: RouteOptions, hub: UsageHub, open: Set<ServerResponse>): void {
  route(app, usageEndpoints.live, opts, async (req, reply) => {
    const res = reply.raw;
    const stream: UsageStream = {
      userId: req.user.id,
      send: (event) => writeEvent(res, 'usage', event),
    };
    const unsubscribe = await hub.subscribe(stream);
    if (!openEventStream(req, reply, unsubscribe)) {
      return;
    }
    open.add(res);
    superviseStream(req, res, {
      heartbeatMs: HEARTBEAT_MS,
      checkMs: SESSION_CHECK_MS,
      onClose: () => {
        unsubscribe();
        open.delete(res);
      },
    });
  });
}
