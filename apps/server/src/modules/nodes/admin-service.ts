import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AppContext } from '../../context.js';
import { addEgress, createNode } from '../../db/seed-catalog.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import {
  countFreePortsByNode,
  countHeldPortsOutside,
  deleteFreeEgress,
  expandIpv6,
  listEgressGroups,
  listNodeEgressIps,
  resizeNodePorts,
} from '../allocation/index.js';
import * as repo from './repository/index.js';

/** A node counts as online when it reported or synced within this window. */
const ONLINE_WINDOW_MS = 60_000;
const MAX_CIDR_ADDRESSES = 4096;

export async function listNodes(ctx: AppContext) {
  const [rows, freePorts] = await Promise.all([repo.listNodesWithCounters(ctx.db), countFreePortsByNode(ctx.db)]);
  const now = ctx.clock.nowMs();
  return rows.map((r) => {
    const lastSeen = r.last_seen_at ? new Date(r.last_seen_at) : null;
    return {
      id: r.id,
      name: r.name,
      host: r.host,
      status: r.status,
      portFrom: r.port_from,
      portTo: r.port_to,
      ipv6Prefix: r.ipv6_prefix,
      lastSeenAt: lastSeen?.toISOString() ?? null,
      online: lastSeen !== null && now - lastSeen.getTime() < ONLINE_WINDOW_MS,
      proxies: Number(r.proxies),
      freePorts: freePorts.get(r.id) ?? 0,
      trafficBytes: Number(r.traffic),
    };
  });
}

export async function addNode(
  ctx: AppContext,
  body: { name: string; host: string; portFrom: number; portTo: number; ipv6Prefix?: string | null },
) {
  checkPorts(body.portFrom, body.portTo);
  return ctx.db.transaction(async (tx) =>
    createNode(tx, {
      name: body.name,
      host: body.host,
      ports: [body.portFrom, body.portTo],
      ipv6Prefix: body.ipv6Prefix ?? undefined,
    }),
  );
}

function checkPorts(from: number, to: number): void {
  if (from > to || to - from > 65_535) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'body.portTo', message: 'portFrom must be ≤ portTo' }] });
  }
}

/** Edits a node; a port range may grow freely and shrink only over ports no proxy holds. */
export async function editNode(
  ctx: AppContext,
  id: string,
  body: {
    name?: string;
    host?: string;
    status?: 'active' | 'disabled';
    portFrom?: number;
    portTo?: number;
    ipv6Prefix?: string | null;
  },
) {
  await ctx.db.transaction(async (tx) => {
    const node = await repo.lockNodeForUpdate(tx, id);
    if (!node) {
      throw new AppError('NOT_FOUND');
    }
    const from = body.portFrom ?? node.portFrom;
    const to = body.portTo ?? node.portTo;
    checkPorts(from, to);
    if (from !== node.portFrom || to !== node.portTo) {
      if ((await countHeldPortsOutside(tx, id, from, to)) > 0) {
        throw new AppError('VALIDATION_ERROR', {
          issues: [{ path: 'body.portFrom', message: 'ports outside the new range are in use' }],
        });
      }
      await resizeNodePorts(tx, id, from, to);
    }
    await repo.updateNode(tx, id, {
      name: body.name,
      host: body.host,
      status: body.status,
      ipv6Prefix: body.ipv6Prefix,
      portFrom: from,
      portTo: to,
    });
  });
}

export async function rotateNodeSecret(ctx: AppContext, id: string): Promise<string> {
  const secret = randomToken(24);
  if (!(await repo.setNodeSecretHash(ctx.db, id, sha256Hex(secret)))) {
    throw new AppError('NOT_FOUND');
  }
  return secret;
}

/** How a group of egress addresses is handed out. */
export type EgressKind = 'pool' | 'prefix' | 'shared';

export async function listEgress(ctx: AppContext, id: string) {
  const kindOf = (r: { is_prefix: boolean; shared: boolean }): EgressKind =>
    r.is_prefix ? 'prefix' : r.shared ? 'shared' : 'pool';
  return listEgressGroups(ctx.db, id).then((rows) =>
    rows.map((r) => ({
      product: r.product,
      country: r.country,
      family: r.family,
      kind: kindOf(r),
      total: Number(r.total),
      held: Number(r.held),
      sample: r.sample,
    })),
  );
}

/** Expands an IPv4 CIDR (at most 4,096 addresses), skipping the network and broadcast addresses of /0–/30. */
export function expandCidr4(cidr: string): string[] {
  // Four-part decimal only: the owner types a dotted quad, never `10.1/24` or a hex form.
  const bits = ipaddr.IPv4.isValidCIDRFourPartDecimal(cidr) ? ipaddr.IPv4.parseCIDR(cidr)[1] : -1;
  if (bits < 20 || bits > 32) {
    throw new AppError('INVALID_IP', { message: 'an IPv4 CIDR from /20 to /32' });
  }
  const start = ipaddr.IPv4.networkAddressFromCIDR(cidr)
    .toByteArray()
    .reduce((acc, o) => acc * 256 + o, 0);
  const size = 2 ** (32 - bits);
  const out: string[] = [];
  for (let i = 0; i < size && out.length < MAX_CIDR_ADDRESSES; i++) {
    if (size >= 4 && (i === 0 || i === size - 1)) {
      continue;
    }
    const v = start + i;
    out.push(ipaddr.fromByteArray([v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]).toString());
  }
  return out;
}

export async function addEgressToNode(
  ctx: AppContext,
  id: string,
  body: {
    product: 'v6' | 'v4' | 'key';
    country: string;
    ips?: string[];
    cidr?: string;
    prefix?: string;
    shared?: string;
  },
) {
  if (!(await repo.nodeExists(ctx.db, id))) {
    throw new AppError('NOT_FOUND');
  }
  await ctx.db.transaction(async (tx) => {
    if (body.prefix) {
      const [addr, len] = body.prefix.split('/');
      if (!addr || !len || expandIpv6(addr).some((w) => Number.isNaN(w))) {
        throw new AppError('INVALID_IP');
      }
      await addEgress(tx, id, body.product, body.country, [body.prefix], { isPrefix: true });
    } else if (body.shared) {
      await addEgress(tx, id, body.product, body.country, [body.shared], { shared: true });
    } else {
      const ips = [...new Set([...(body.ips ?? []), ...(body.cidr ? expandCidr4(body.cidr) : [])])];
      if (ips.length === 0 || !ips.every((ip) => isIPv4(ip))) {
        throw new AppError('INVALID_IP');
      }
      const have = new Set(await listNodeEgressIps(tx, id, body.product));
      await addEgress(
        tx,
        id,
        body.product,
        body.country,
        ips.filter((ip) => !have.has(ip)),
      );
    }
  });
  return listEgress(ctx, id);
}

/** Removes free pool addresses of one product and country; held ones stay until their proxy lets go. */
export async function removeEgress(ctx: AppContext, id: string, product: 'v6' | 'v4' | 'key', country: string) {
  await deleteFreeEgress(ctx.db, id, product, country);
  return listEgress(ctx, id);
}
