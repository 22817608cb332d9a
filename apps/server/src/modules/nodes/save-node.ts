import { eq } from 'drizzle-orm';
import { nodeAdminEndpoints } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { createNode } from '../../db/seed-catalog.js';
import { nodes } from '../../db/schema/index.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { countHeldPortsOutside, resizeNodePorts } from '../allocation/index.js';

type NodeRow = typeof nodes.$inferSelect;

async function addNode(
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
async function editNode(
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
    const [node] = await tx.select().from(nodes).where(eq(nodes.id, id)).for('update');
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
    const values: Pick<Partial<NodeRow>, 'name' | 'host' | 'status' | 'ipv6Prefix' | 'portFrom' | 'portTo'> = {
      name: body.name,
      host: body.host,
      status: body.status,
      ipv6Prefix: body.ipv6Prefix,
      portFrom: from,
      portTo: to,
    };
    await tx.update(nodes).set(values).where(eq(nodes.id, id));
  });
}

/** A new secret for the node; the old one stops working at once. */
async function rotateNodeSecret(ctx: AppContext, id: string): Promise<string> {
  const secret = randomToken(24);
  const rows = await ctx.db
    .update(nodes)
    .set({ secretHash: sha256Hex(secret) })
    .where(eq(nodes.id, id))
    .returning({ id: nodes.id });
  if (rows.length === 0) {
    throw new AppError('NOT_FOUND');
  }
  return secret;
}

/** POST create, PUT update/:id and POST rotate-secret/:id. */
export function saveNodeRoutes(app: RouteApp, opts: RouteOptions): void {
  const e = nodeAdminEndpoints;
  route(app, e.create, opts, async (req) => addNode(app.ctx, req.body));
  route(app, e.update, opts, async (req) => {
    await editNode(app.ctx, req.params.id, req.body);
    return { ok: true as const };
  });
  route(app, e.rotateSecret, opts, async (req) => ({ secret: await rotateNodeSecret(app.ctx, req.params.id) }));
}
