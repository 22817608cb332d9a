import type { Database } from '../../db/client.js';
import { NoticeEchoes } from '../../lib/notice-echo.js';
import { SESSIONS_CHANNEL, type SessionsEndedMessage } from '../realtime/index.js';
import { PROXY_CHANGES_CHANNEL } from '../node-protocol/index.js';

/*
 * Each instance's copy of the per-proxy links its URLs resolved (docs/tool-links.md#the-lookup-cache),
 * so a tool polling its current-proxy or change-IP URL is answered without a database round trip.
 * Only hits are kept (a miss always asks the database, and counts), only a proxy's live link (a
 * key's URL answers through get-new-ip, which writes anyway).
 *
 * What makes an entry wrong is announced on channels every instance LISTENs to, after the commit:
 * - TOOL_LINKS_CHANNEL: links revoked (their user's entries go);
 * - the node change log's channel (credentials, port, status, expiry, egress of a node's proxies:
 *   that node's entries go);
 * - the sessions channel when all of a user's sessions end (deactivation, a new password: that
 *   user's entries go).
 * While the LISTEN connection is down nothing is served from here, and a reconnect empties it
 * (notices sent meanwhile are lost). A lookup that raced an invalidation is not stored (the
 * generation moved). An entry lives at most ENTRY_TTL_MS, for what no channel announces (a node's
 * host renamed), as the site cache does.
 */

/** What a per-proxy URL resolves to: one indexed lookup by the token's hash, on this site. */
export interface ResolvedLink {
  user_id: string;
  proxy_id: string | null;
  key_id: string | null;
  key_value: string | null;
  status: string | null;
  host: string | null;
  port: number | null;
  username: string | null;
  password: string | null;
  protocol: 'http' | 'socks5' | null;
  ip_changed_at: string | Date | null;
  node_id: string | null;
}

export const TOOL_LINKS_CHANNEL = 'tool_links';
const ENTRY_TTL_MS = 10_000;
/** Past this many entries the cache starts again: a bound on memory, not an eviction policy. */
const MAX_ENTRIES = 100_000;

interface Entry {
  link: ResolvedLink;
  at: number;
}

export class LinkCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private readonly echoes = new NoticeEchoes();

  constructor(private readonly database: Database) {}

  /** LISTENs on the three channels; resolves with the function that stops. */
  async follow(): Promise<() => Promise<void>> {
    const options = { onResume: () => this.dropWhere(() => true) };
    const stops = [
      await this.database.listen(TOOL_LINKS_CHANNEL, (payload) => this.onRevoked(payload), options),
      await this.database.listen(PROXY_CHANGES_CHANNEL, (node) => this.dropWhere((l) => l.node_id === node), options),
      await this.database.listen(SESSIONS_CHANNEL, (payload) => this.onSessionsEnded(payload), options),
    ];
    return async () => {
      for (const stop of stops) {
        await stop();
      }
    };
  }

  /** Read before the database lookup; pass to `set`, which keeps nothing if it moved meanwhile. */
  get version(): number {
    return this.generation;
  }

  get(siteId: string, tokenHash: string): ResolvedLink | undefined {
    if (!this.database.listenerUp()) {
      return undefined;
    }
    const key = `${siteId}|${tokenHash}`;
    const entry = this.entries.get(key);
    if (entry === undefined) {
      return undefined;
    }
    if (Date.now() - entry.at > ENTRY_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.link;
  }

  set(siteId: string, tokenHash: string, link: ResolvedLink, version: number): void {
    if (version !== this.generation || link.key_id !== null || !this.database.listenerUp()) {
      return;
    }
    if (this.entries.size >= MAX_ENTRIES) {
      this.entries.clear();
    }
    this.entries.set(`${siteId}|${tokenHash}`, { link, at: Date.now() });
  }

  /** Forgets one link at once (this instance changed its proxy; the others hear of it). */
  forget(siteId: string, tokenHash: string): void {
    this.generation += 1;
    this.entries.delete(`${siteId}|${tokenHash}`);
  }

  /**
   * A revoke's notice, and a promise that resolves once this instance has heard it back (at most
   * two seconds): PostgreSQL sends a notice to every listener at the commit, so by then the other
   * instances' LISTEN connections have it too. The caller sends `payload` in its transaction.
   */
  revoked(userId: string): { payload: string; heard: () => Promise<void>; cancel: () => void } {
    const { nonce, heard, cancel } = this.echoes.expect(() => this.database.listenerUp());
    return { payload: JSON.stringify({ u: userId, n: nonce }), heard, cancel };
  }

  private onRevoked(payload: string): void {
    const msg = parse<{ u?: string; n?: string }>(payload);
    if (msg?.u) {
      const user = msg.u;
      this.dropWhere((l) => l.user_id === user);
    } else {
      this.dropWhere(() => true);
    }
    if (msg?.n) {
      this.echoes.arrived(msg.n);
    }
  }

  private onSessionsEnded(payload: string): void {
    const msg = parse<SessionsEndedMessage>(payload);
    // One session ending (a logout) changes nothing here; all of them is a deactivation or a new password.
    if (msg && msg.s === undefined) {
      this.dropWhere((l) => l.user_id === msg.u);
    } else if (!msg) {
      this.dropWhere(() => true);
    }
  }

  private dropWhere(match: (link: ResolvedLink) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) {
      if (match(entry.link)) {
        this.entries.delete(key);
      }
    }
  }
}

function parse<T>(payload: string): T | null {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return null;
  }
}
