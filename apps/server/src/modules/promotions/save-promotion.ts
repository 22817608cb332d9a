import { randomUUID } from 'node:crypto';
import {
  promotionEndpoints,
  type TPromotion,
  type TPromotionCreateRequest,
  type TPromotionUpdateRequest,
} from '@proxy/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { promotions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { notExists, oneActive, sitePromotion, toPromotion } from './queries.js';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** POST /api/promotion/add. */
export async function createPromotion(ctx: Ctx, siteId: string, body: TPromotionCreateRequest): Promise<TPromotion> {
  const now = ctx.clock.now();
  const [row] = await oneActive(() =>
    ctx.db
      .insert(promotions)
      .values({
        id: randomUUID(),
        siteId,
        name: body.name,
        tiers: body.tiers,
        startsAt: new Date(body.startsAt),
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
        active: body.active ?? true,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
  );
  return toPromotion(row!);
}

/** PUT /api/promotion/update/:id: the fields given; the window must stay in order. */
export async function updatePromotion(
  ctx: Ctx,
  siteId: string,
  id: string,
  body: TPromotionUpdateRequest,
): Promise<TPromotion> {
  const current = await sitePromotion(ctx.db, siteId, id);
  const startsAt = body.startsAt ? new Date(body.startsAt) : current.startsAt;
  const endsAt = body.endsAt === undefined ? current.endsAt : body.endsAt ? new Date(body.endsAt) : null;
  if (endsAt && endsAt <= startsAt) {
    throw new AppError('VALIDATION_ERROR', {
      issues: [{ path: ['endsAt'], message: 'endsAt must be after startsAt' }],
    });
  }
  const [row] = await oneActive(() =>
    ctx.db
      .update(promotions)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.tiers !== undefined ? { tiers: body.tiers } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        startsAt,
        endsAt,
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(promotions.id, id), eq(promotions.siteId, siteId)))
      .returning(),
  );
  return toPromotion(row ?? notExists());
}

/** The site info carries the running promotion (kept with the site): a change drops it everywhere. */
export function savePromotionRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, promotionEndpoints.add, opts, async (req) => {
    const created = await createPromotion(app.ctx, req.site.id, req.body);
    app.sites.invalidate();
    return created;
  });
  route(app, promotionEndpoints.update, opts, async (req) => {
    const updated = await updatePromotion(app.ctx, req.site.id, req.params.id, req.body);
    app.sites.invalidate();
    return updated;
  });
}
