import type { Database } from '../../db/client.js';
import { NoticeEchoes } from '../../lib/notice-echo.js';
import type { AuthUser } from './session-user.js';

/*
 * Each instance's copy of the user behind each live session it has authenticated
 * (docs/benchmarks.md#the-session-cache), so a call with a known session makes no query to
 * authenticate. What could make an entry wrong is announced by the database itself: triggers on
 * `sessions` (revoked, deleted) and `users` (any column but the balance and updated_at) notify
 * AUTH_USERS_CHANNEL with the user's id at the commit, whoever writes (migration
 * 0034_auth_user_notices), and that user's entries go on every instance that LISTENs.
 *
 * - The balance is never answered from here: get-money and user/me read it with the call.
 * - A writer of this instance that must take effect at once (logout, a new password, 2FA, a role
 *   or an active flag) awaits `settled()` after its commit: its answer goes out only once this
 *   instance has heard its own later notice, so every notice of the commit has arrived here and
 *   has been sent to the other instances (NoticeEchoes). Another instance drops its entries when
 *   the notice reaches it over its own LISTEN connection: until then, one delivery on a healthy
 *   connection, it may still accept the session (a signed access token alone would be accepted
 *   until it expires).
 * - While the LISTEN connection is down nothing is served from here, and a reconnect empties it.
 *   A lookup that ran while a notice arrived is not kept (the generation moved).
 * - An entry lives at most ENTRY_TTL_MS, a bound for what no trigger sees (the agency a user owns,
 *   which user/me reads with the call anyway).
 */

export const AUTH_USERS_CHANNEL = 'auth_users';
const ENTRY_TTL_MS = 60_000;
/**
 * Past this many entries the cache starts again: a bound on memory (a user row is about 1 KB), not
 * an eviction policy.
 */
const MAX_ENTRIES = 20_000;
/** A notice that is one of this instance's echoes, not a user id. */
const ECHO_PREFIX = 'echo:';

interface Entry {
  user: AuthUser;
  at: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** The sessions cached per user, so a user's notice drops them without a scan. */
  private readonly byUser = new Map<string, Set<string>>();
  private generation = 0;
  private following = false;
  private readonly echoes = new NoticeEchoes();

  constructor(private readonly database: Database) {}

  /** LISTENs on the channel; nothing is served or kept before it is in place. */
  async follow(): Promise<void> {
    await this.database.listen(AUTH_USERS_CHANNEL, (payload) => this.onNotice(payload), {
      onResume: () => this.clear(),
    });
    this.following = true;
  }

  /** Read before the database lookup; pass to `set`, which keeps nothing if it moved meanwhile. */
  get version(): number {
    return this.generation;
  }

  /** The session's user as last read, for a session of `userId` that was live then. */
  get(sessionId: string, userId: string): AuthUser | undefined {
    if (!this.following || !this.database.listenerUp()) {
      return undefined;
    }
    const entry = this.entries.get(sessionId);
    if (entry === undefined || entry.user.id !== userId) {
      return undefined;
    }
    if (Date.now() - entry.at > ENTRY_TTL_MS) {
      this.drop(sessionId, userId);
      return undefined;
    }
    return entry.user;
  }

  /** Keeps a live session's active user, unless a notice arrived since `version` was read. */
  set(sessionId: string, user: AuthUser, version: number): void {
    if (version !== this.generation || !this.following || !this.database.listenerUp()) {
      return;
    }
    if (this.entries.size >= MAX_ENTRIES) {
      this.clear();
    }
    this.entries.set(sessionId, { user, at: Date.now() });
    let sessions = this.byUser.get(user.id);
    if (!sessions) {
      sessions = new Set();
      this.byUser.set(user.id, sessions);
    }
    sessions.add(sessionId);
  }

  /**
   * After a commit that changed a user or a session: resolves once this instance has heard a
   * notice sent after it, so no instance serves what the commit changed from its cache.
   */
  async settled(): Promise<void> {
    if (!this.following) {
      return;
    }
    const { nonce, heard, cancel } = this.echoes.expect(() => this.database.listenerUp());
    try {
      await this.database.notify(AUTH_USERS_CHANNEL, ECHO_PREFIX + nonce);
    } catch (err) {
      cancel();
      throw err;
    }
    await heard();
  }

  private onNotice(payload: string): void {
    if (payload.startsWith(ECHO_PREFIX)) {
      this.echoes.arrived(payload.slice(ECHO_PREFIX.length));
      return;
    }
    this.generation += 1;
    for (const sessionId of this.byUser.get(payload) ?? []) {
      this.entries.delete(sessionId);
    }
    this.byUser.delete(payload);
  }

  private drop(sessionId: string, userId: string): void {
    this.entries.delete(sessionId);
    this.byUser.get(userId)?.delete(sessionId);
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.byUser.clear();
  }
}

const caches = new WeakMap<Database, { cache: SessionCache; ready: Promise<void> }>();

/**
 * The session cache of a database connection (one per instance), following its channel from the
 * first call on; `ready` resolves once it does (or failed to: then it serves nothing).
 */
export function sessionCacheOf(database: Database): { cache: SessionCache; ready: Promise<void> } {
  let found = caches.get(database);
  if (!found) {
    const cache = new SessionCache(database);
    found = { cache, ready: cache.follow().catch(() => undefined) };
    caches.set(database, found);
  }
  return found;
}

/** After a commit that revoked sessions or changed a user: see SessionCache.settled. */
export function sessionsSettled(database: Database): Promise<void> {
  return sessionCacheOf(database).cache.settled();
}
