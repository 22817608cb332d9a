import { randomUUID } from 'node:crypto';
import { billEndpoints, isUuid, ROLE, type TAdminTopup } from '@proxy/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { findUserById } from '../auth/index.js';
import type { Site } from '../site/index.js';
import { creditTopup } from './credit.js';
import { toAdminTopup } from './mapper.js';
import { findTopup, updateTopupFrom, type TopupRow } from './queries.js';
import { receiveBankTransfer, type BankOutcome } from './receive-transfer.js';
import { methodConfig } from './settings.js';

/** An admin's decisions on a top-up of the admin's current site, and the bank simulator. */

/** The top-up in the admin's current site; another site's does not exist for this admin. */
async function siteTopup(ctx: AppContext, siteId: string, id: string): Promise<TopupRow> {
  const t = isUuid(id) ? await findTopup(ctx.db, id) : undefined;
  if (!t || t.siteId !== siteId) {
    throw new AppError('PAYMENT_NOT_EXISTS');
  }
  return t;
}

/** The acting admin of a request: an owner, or a site admin who moves money only for customers. */
interface Actor {
  id: string;
  role: number;
}

/**
 * PUT /api/bill/admin/topup/:id: an admin marks a top-up paid — a pending one, a held one (with
 * the amount actually received), or an unmatched bank transfer given to a user of the site.
 */
async function adminMarkPaid(
  ctx: AppContext,
  actor: Actor,
  siteId: string,
  id: string,
  body: { userId?: string; amount?: number; note?: string },
): Promise<TAdminTopup> {
  const t = await siteTopup(ctx, siteId, id);
  if (t.status === 'success') {
    throw new AppError('PAYMENT_ALREADY_DONE');
  }
  if (t.status === 'failed' && t.heldReason === null) {
    throw new AppError('PAYMENT_CANCELED');
  }
  const userId = body.userId ?? t.userId;
  if (!userId) {
    throw new AppError('VALIDATION_ERROR', { issues: [{ path: 'body.userId', message: 'whom to credit' }] });
  }
  const target = await findUserById(ctx.db, userId);
  if (!target || target.siteId !== siteId) {
    throw new AppError('USER_NOT_EXISTS');
  }
  // Money moves only for a site admin's customers; the owner may credit anyone.
  if (actor.role !== ROLE.OWNER && target.role !== ROLE.CUSTOMER) {
    throw new AppError('FORBIDDEN');
  }
  const r = await creditTopup(ctx, t.id, {
    kind: 'admin',
    actorId: actor.id,
    userId,
    amount: body.amount,
    note: body.note,
  });
  return toAdminTopup(r.topup, target.email);
}

/**
 * PUT /api/bill/admin/topup/:id/reject: a pending or held top-up will never be credited. The
 * update holds only from the state the admin's read saw: a credit landing in between wins, and
 * the reject is refused as PAYMENT_ALREADY_DONE.
 */
async function adminReject(ctx: AppContext, siteId: string, id: string): Promise<TAdminTopup> {
  let t = await siteTopup(ctx, siteId, id);
  for (let attempt = 1; ; attempt++) {
    if (t.status === 'success') {
      throw new AppError('PAYMENT_ALREADY_DONE');
    }
    const updated = await updateTopupFrom(ctx.db, t, {
      status: 'failed',
      heldReason: null,
      meta: { ...t.meta, rejectedFrom: { status: t.status, heldReason: t.heldReason } },
      updatedAt: ctx.clock.now(),
    });
    if (updated) {
      const user = updated.userId ? await findUserById(ctx.db, updated.userId) : undefined;
      return toAdminTopup(updated, user?.email ?? null);
    }
    // It moved on since it was read (credited, cancelled, expired): decide again on what it is now.
    const now = await findTopup(ctx.db, t.id);
    if (!now || attempt >= 3) {
      throw new AppError('PAYMENT_PENDING');
    }
    t = now;
  }
}

/**
 * The bank simulator (docs/money.md#payment-methods): while a site has no real bank account, an admin can
 * post a transfer exactly as the bank webhook would, and it goes through the same code. A site admin's
 * transfer naming the owner or an admin (themselves included) is refused: it would credit them.
 */
async function simulateBankTransfer(
  ctx: AppContext,
  actor: Actor,
  site: Site,
  body: { content: string; amount: number },
): Promise<BankOutcome> {
  const cfg = methodConfig(ctx, site, 'bank');
  if (!cfg.enabled || !cfg.simulator) {
    throw new AppError('PAYMENT_METHOD_DISABLED');
  }
  return receiveBankTransfer(
    ctx,
    site,
    {
      id: `SIM-${randomUUID()}`,
      gateway: 'Simulator',
      transactionDate: ctx.clock.now().toISOString(),
      accountNumber: cfg.values.accountNumber ?? '',
      content: body.content,
      transferType: 'in',
      transferAmount: body.amount,
    },
    { source: 'Simulator', customersOnly: actor.role !== ROLE.OWNER },
  );
}

/** PUT topup/:id, topup/:id/reject and POST bank-simulate under /api/bill/admin. */
export function adminTopupRoutes(app: RouteApp, admin: RouteOptions): void {
  const e = billEndpoints;
  route(app, e.adminMarkPaid, admin, async (req) =>
    adminMarkPaid(app.ctx, { id: req.user.id, role: req.user.role }, req.site.id, req.params.id, req.body),
  );

  route(app, e.adminReject, admin, async (req) => adminReject(app.ctx, req.site.id, req.params.id));

  route(app, e.adminBankSimulate, admin, async (req) => ({
    ok: true as const,
    outcome: await simulateBankTransfer(app.ctx, { id: req.user.id, role: req.user.role }, req.site, req.body),
  }));
}
