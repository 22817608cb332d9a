import { randomBytes, randomInt } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { PROXY_PASSWORD_MAX, PROXY_PASSWORD_MIN, type Product } from '@proxy/contract';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './queries.js';
import type { PoolRow } from './queries.js';

/** Where a new proxy goes: a node, a free port on it, and the address it leaves by. */
export interface Placement {
  nodeId: string;
  host: string;
  port: number;
  egressIp: string;
  /** The pool row held by this proxy, or null for an address drawn from a prefix or a shared one. */
  egressIpId: string | null;
}

const ALNUM = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function randomCredential(length: number): string {
  const bytes = randomBytes(length);
  let s = '';
  for (let i = 0; i < length; i++) {
    s += ALNUM[bytes[i]! % ALNUM.length];
  }
  return s;
}

/** docs/product-rules.md#proxy-passwords: proxy passwords are 10–20 characters. */
export function newCredentials(): { username: string; password: string } {
  return {
    username: `u${randomCredential(9)}`,
    password: randomCredential(randomInt(Math.max(PROXY_PASSWORD_MIN, 12), PROXY_PASSWORD_MAX + 1)),
  };
}

/** A random address inside an IPv6 prefix such as 2001:db8:1::/64 (host bits random, never all zero). */
export function randomIpv6InPrefix(prefix: string): string {
  const [base] = prefix.split('/');
  if (!base || !ipaddr.IPv6.isValidCIDR(prefix)) {
    throw new Error(`bad IPv6 prefix ${prefix}`);
  }
  const len = ipaddr.IPv6.parseCIDR(prefix)[1];
  if (len === 128) {
    // One address (the demo's ::1/128): as written.
    return base;
  }
  const words = expandIpv6(base);
  const rnd = randomBytes(16);
  let hostBits = 0;
  const out = words.map((w, i) => {
    const fixed = Math.max(0, Math.min(16, len - i * 16));
    const mask = fixed === 0 ? 0 : (0xffff << (16 - fixed)) & 0xffff;
    const host = ((rnd[i * 2]! << 8) | rnd[i * 2 + 1]!) & ~mask & 0xffff;
    hostBits |= host;
    return (w & mask) | host;
  });
  if (len < 128 && hostBits === 0) {
    out[7] = out[7]! | 1;
  }
  return out.map((w) => w.toString(16)).join(':');
}

/** The eight 16-bit words of an IPv6 address (any form: `::`, an embedded IPv4 tail). */
export function expandIpv6(addr: string): number[] {
  return ipaddr.IPv6.parse(addr).parts;
}

/** An address from a non-exclusive source: a random one of the prefix, or the row's own. */
function addressFrom(pool: PoolRow): string {
  return pool.is_prefix ? randomIpv6InPrefix(pool.ip) : pool.ip;
}

/**
 * Takes `count` free listener ports and egress addresses for one product and country, in the
 * caller's transaction. Rows are claimed with FOR UPDATE SKIP LOCKED, so concurrent buyers never
 * get the same port or address and never wait on each other. Throws NOT_ENOUGT_PROXY when the
 * supply cannot cover the quantity; the caller's transaction then rolls back, uncharged.
 *
 * Static proxies hold one pool address each. Prefixes, shared addresses and the pools behind
 * rotating keys are not held: keys rotate over the whole pool of their country.
 */
export async function allocatePlacements(
  tx: Tx,
  product: Product,
  country: string,
  count: number,
): Promise<Placement[]> {
  const open = await repo.findOpenPools(tx, product, country);
  const placements: Placement[] = [];
  if (open.length > 0) {
    const byNode = groupBy(open, (p) => p.node_id);
    for (const [node, pools] of byNode) {
      const need = count - placements.length;
      if (need <= 0) {
        break;
      }
      for (const p of await repo.claimFreePorts(tx, node, need)) {
        const pool = pools[randomInt(pools.length)]!;
        placements.push({ nodeId: node, host: p.host, port: p.port, egressIp: addressFrom(pool), egressIpId: null });
      }
    }
  } else {
    // Each proxy holds a pool address and a port of the same node. A node whose ports ran out
    // gives way to the next one that has both, so stock spread over nodes still sells whole.
    for (const node of await repo.findNodesWithFreePoolIps(tx, product, country)) {
      const need = count - placements.length;
      if (need <= 0) {
        break;
      }
      const ports = await repo.claimFreePorts(tx, node, need);
      if (ports.length === 0) {
        continue;
      }
      const ips = await repo.claimFreeNodeIps(tx, { product, country, nodeId: node, count: ports.length });
      ips.forEach((ip, i) => {
        const p = ports[i]!;
        placements.push({ nodeId: node, host: p.host, port: p.port, egressIp: ip.ip, egressIpId: ip.id });
      });
    }
  }
  if (placements.length < count) {
    throw new AppError('NOT_ENOUGT_PROXY', { available: placements.length });
  }
  return placements;
}

/** The one address a pool row stands for, or null for a prefix of more than one. */
function singleAddress(pool: PoolRow): string | null {
  if (!pool.is_prefix) {
    return pool.ip;
  }
  const [base, len] = pool.ip.split('/');
  return len === '128' ? (base ?? null) : null;
}

/**
 * A new egress for a rotating proxy or key: a free pool address (released from the old one), or
 * a fresh random address from a prefix; never the current one, and null when no other address
 * exists (a pool of one, like the demo's ::1/128).
 */
export async function nextEgress(
  tx: Tx,
  opts: { product: Product; country: string; nodeId: string; current: string; currentId: string | null },
): Promise<{ egressIp: string; egressIpId: string | null } | null> {
  const open = await repo.findRotationPools(tx, opts);
  if (open.length > 0) {
    const candidates = open.filter((p) => singleAddress(p) !== opts.current);
    if (candidates.length === 0) {
      return null;
    }
    const pool = candidates[randomInt(candidates.length)]!;
    // A small prefix may draw the current address again: draw anew (a /127 holds two).
    let egressIp = addressFrom(pool);
    for (let i = 0; i < 16 && egressIp === opts.current; i++) {
      egressIp = addressFrom(pool);
    }
    return { egressIp, egressIpId: null };
  }
  const row = await repo.claimRandomFreeNodeIp(tx, opts);
  return row ? { egressIp: row.ip, egressIpId: row.id } : null;
}

/**
 * `count` egress addresses of a country on one node, for proxies that keep their listener there
 * (change country): random addresses of a prefix or a shared address, or free pool addresses
 * claimed with FOR UPDATE SKIP LOCKED, which the caller binds. NOT_ENOUGT_PROXY when the node's
 * pool for that country is short.
 */
export async function claimEgress(
  tx: Tx,
  opts: { product: Product; country: string; nodeId: string; count: number },
): Promise<{ egressIp: string; egressIpId: string | null }[]> {
  const open = await repo.findNodeOpenPools(tx, opts);
  if (open.length > 0) {
    return Array.from({ length: opts.count }, () => ({
      egressIp: addressFrom(open[randomInt(open.length)]!),
      egressIpId: null,
    }));
  }
  const free = await repo.claimFreeNodeIps(tx, opts);
  if (free.length < opts.count) {
    throw new AppError('NOT_ENOUGT_PROXY', { available: free.length });
  }
  return free.map((r) => ({ egressIp: r.ip, egressIpId: r.id }));
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = m.get(k);
    if (list) {
      list.push(it);
    } else {
      m.set(k, [it]);
    }
  }
  return m;
}

/** Marks claimed ports and addresses as held by their proxies (after the proxies are inserted). */
export async function bindPlacements(tx: Tx, placements: (Placement & { proxyId: string })[]): Promise<void> {
  if (placements.length === 0) {
    return;
  }
  await repo.bindPortsAndIps(tx, placements);
}

/** Gives a proxy's port and address back to the pool (when it is locked for good). */
export async function releasePlacements(tx: Tx, proxyIds: string[]): Promise<void> {
  if (proxyIds.length === 0) {
    return;
  }
  await repo.releasePortsAndIps(tx, proxyIds);
}

/**
 * Listener ports for chained proxies (a supplier's upstream is their egress, so any active node
 * serves them): `egressIps.length` ports over the nodes with free ones, each placement carrying the
 * upstream's exit address. NOT_ENOUGT_PROXY when the nodes' ports run out.
 */
export async function allocateChainedPlacements(tx: Tx, egressIps: string[]): Promise<Placement[]> {
  const placements: Placement[] = [];
  for (const node of await repo.findNodesWithFreePorts(tx)) {
    const need = egressIps.length - placements.length;
    if (need <= 0) {
      break;
    }
    for (const p of await repo.claimFreePorts(tx, node, need)) {
      placements.push({
        nodeId: node,
        host: p.host,
        port: p.port,
        egressIp: egressIps[placements.length]!,
        egressIpId: null,
      });
    }
  }
  if (placements.length < egressIps.length) {
    throw new AppError('NOT_ENOUGT_PROXY', { available: placements.length });
  }
  return placements;
}
