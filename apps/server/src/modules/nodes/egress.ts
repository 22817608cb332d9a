import { isIPv4 } from 'node:net';
import { eq } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { nodeAdminEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { addEgress } from '../../db/seed-catalog.js';
import { nodes } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { deleteFreeEgress, expandIpv6, listEgressGroups, listNodeEgressIps } from '../allocation/index.js';

const MAX_CIDR_ADDRESSES = 4096;

/** How a group of egress addresses is handed out. */
export type EgressKind = 'pool' | 'prefix' | 'shared';

async function listEgress(ctx: AppContext, id: string) {
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

async function addEgressToNode(
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
  const [node] = await ctx.db.select({ id: nodes.id }).from(nodes).where(eq(nodes.id, id));
  if (!node) {
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
async function removeEgress(ctx: AppContext, id: string, product: 'v6' | 'v4' | 'key', country: string) {
  await deleteFreeEgress(ctx.db, id, product, country);
  return listEgress(ctx, id);
}

/** GET egress/:id, POST add-egress/:id and DELETE delete-egress/:id. */
export function egressRoutes(app: RouteApp, opts: RouteOptions): void {
  const e = nodeAdminEndpoints;
  route(app, e.egress, opts, async (req) => listEgress(app.ctx, req.params.id));
  route(app, e.addEgress, opts, async (req) => addEgressToNode(app.ctx, req.params.id, req.body));
  route(app, e.deleteEgress, opts, async (req) =>
    removeEgress(app.ctx, req.params.id, req.body.product, req.body.country),
  );
}
