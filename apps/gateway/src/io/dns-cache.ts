/**
 * A caching resolver for proxy destinations. It queries DNS with c-ares (node:dns Resolver), not
 * getaddrinfo: dns.lookup() runs on libuv's small thread pool, so a handful of slow names would
 * stall every other tunnel's lookup (and the process's file I/O). Concurrent lookups of one name
 * share one query.
 */
import { Resolver } from 'node:dns/promises';

export interface DnsAnswer {
  addresses: string[];
  ttlSec: number;
}

/** Resolves A (family 4) or AAAA (family 6) records; rejects with an error carrying a c-ares `code`. */
export type DnsResolveFn = (name: string, family: 4 | 6) => Promise<DnsAnswer>;

export class DnsError extends Error {
  constructor(
    readonly code: string,
    readonly hostname: string,
  ) {
    super(`${code} ${hostname}`);
  }
}

export interface DnsCacheOptions {
  /** Defaults to c-ares with `timeoutMs` per try. Tests pass their own. */
  resolve?: DnsResolveFn;
  timeoutMs?: number;
  /**
   * Name servers for the default resolver (`1.2.3.4`, `1.2.3.4:5353`, `[::1]:53`); unset means the
   * system's (/etc/resolv.conf). Lets a node use a resolver of its own choosing.
   */
  servers?: string[];
  maxEntries?: number;
  /** Record TTLs are clamped into [minTtlMs, maxTtlMs]. */
  minTtlMs?: number;
  maxTtlMs?: number;
  /** How long "no such name" / "no such record" answers are kept. */
  negativeTtlMs?: number;
  now?: () => number;
}

interface Entry {
  expires: number;
  addresses: string[] | null;
  error: DnsError | null;
  pending: Promise<string[]> | null;
}

/** Answers that say the name or record does not exist; others (timeouts, SERVFAIL) are not cached. */
const NEGATIVE = new Set(['ENOTFOUND', 'ENODATA']);

/** RFC 6761 §6.3: localhost names are loopback without asking DNS (c-ares does not read /etc/hosts). */
function localhostAnswer(name: string, family: 4 | 6): DnsAnswer | null {
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return { addresses: [family === 4 ? '127.0.0.1' : '::1'], ttlSec: 3600 };
  }
  return null;
}

export function caresResolver(timeoutMs: number, servers?: string[]): DnsResolveFn {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers !== undefined && servers.length > 0) {
    resolver.setServers(servers);
  }
  return async (name, family) => {
    const local = localhostAnswer(name, family);
    if (local !== null) {
      return local;
    }
    const records =
      family === 4 ? await resolver.resolve4(name, { ttl: true }) : await resolver.resolve6(name, { ttl: true });
    return { addresses: records.map((r) => r.address), ttlSec: Math.min(...records.map((r) => r.ttl)) };
  };
}

export class DnsCache {
  private readonly entries = new Map<string, Entry>();
  private readonly resolveFn: DnsResolveFn;
  private readonly maxEntries: number;
  private readonly minTtlMs: number;
  private readonly maxTtlMs: number;
  private readonly negativeTtlMs: number;
  private readonly now: () => number;

  constructor(opts: DnsCacheOptions = {}) {
    this.resolveFn = opts.resolve ?? caresResolver(opts.timeoutMs ?? 2500, opts.servers);
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.minTtlMs = opts.minTtlMs ?? 1_000;
    this.maxTtlMs = opts.maxTtlMs ?? 300_000;
    this.negativeTtlMs = opts.negativeTtlMs ?? 5_000;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The addresses of `name` in `family`; rejects with a DnsError. */
  lookup(name: string, family: 4 | 6): Promise<string[]> {
    const key = family === 4 ? name : `[6]${name}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      if (hit.pending !== null) {
        return hit.pending;
      }
      if (hit.expires > this.now()) {
        return hit.error !== null ? Promise.reject(hit.error) : Promise.resolve(hit.addresses as string[]);
      }
      this.entries.delete(key);
    }
    const entry: Entry = { expires: Infinity, addresses: null, error: null, pending: null };
    entry.pending = this.resolveFn(name, family).then(
      (answer) => {
        entry.pending = null;
        if (answer.addresses.length === 0) {
          return this.fail(key, entry, new DnsError('ENODATA', name));
        }
        const ttlMs = Math.min(this.maxTtlMs, Math.max(this.minTtlMs, answer.ttlSec * 1000));
        entry.addresses = answer.addresses;
        entry.expires = this.now() + ttlMs;
        return answer.addresses;
      },
      (err: unknown) => {
        entry.pending = null;
        const code = (err as { code?: unknown }).code;
        return this.fail(key, entry, new DnsError(typeof code === 'string' ? code : 'ESERVFAIL', name));
      },
    );
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return entry.pending;
  }

  clear(): void {
    this.entries.clear();
  }

  private fail(key: string, entry: Entry, error: DnsError): never {
    if (NEGATIVE.has(error.code)) {
      entry.error = error;
      entry.expires = this.now() + this.negativeTtlMs;
    } else if (this.entries.get(key) === entry) {
      this.entries.delete(key);
    }
    throw error;
  }
}
