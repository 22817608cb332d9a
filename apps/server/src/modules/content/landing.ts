import { landingEndpoints, type TLanding, type TLandingUpdate } from '@proxy/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { siteContent, type StoredLanding } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { ensureContent, type ContentRow } from './queries.js';
import { sanitizeContentHtml } from './sanitize.js';

type Db = AppContext['db'];

const HTML_FIELDS = ['html1', 'html1Eng', 'html2', 'html2Eng'] as const;

function landingView(row: ContentRow): TLanding {
  const l = row.landing;
  return {
    id: row.id,
    landingTitle: l.landingTitle ?? '',
    landingDesc: l.landingDesc ?? '',
    landingTitleEng: l.landingTitleEng ?? '',
    landingDescEng: l.landingDescEng ?? '',
    html1: l.html1 ?? '',
    html1Eng: l.html1Eng ?? '',
    html2: l.html2 ?? '',
    html2Eng: l.html2Eng ?? '',
    faq: l.faq ?? [],
    quotes: l.quotes ?? [],
  };
}

export async function getLanding(db: Db, siteId: string): Promise<TLanding> {
  return landingView(await ensureContent(db, siteId));
}

/**
 * Saves the given fields, the HTML ones sanitised, merged in one statement (a concurrent edit of
 * other fields is kept); NOT_FOUND when `id` is not this site's landing.
 */
export async function updateLanding(db: Db, siteId: string, id: string, patch: TLandingUpdate): Promise<TLanding> {
  const clean: StoredLanding = { ...patch };
  for (const field of HTML_FIELDS) {
    const value = patch[field];
    if (value !== undefined) {
      clean[field] = sanitizeContentHtml(value);
    }
  }
  await ensureContent(db, siteId);
  const merged = await db
    .update(siteContent)
    .set({ landing: sql`${siteContent.landing} || ${JSON.stringify(clean)}::jsonb`, updatedAt: new Date() })
    .where(and(eq(siteContent.id, id), eq(siteContent.siteId, siteId)))
    .returning({ id: siteContent.id });
  if (merged.length === 0) {
    throw new AppError('NOT_FOUND');
  }
  return getLanding(db, siteId);
}

/** /api/landing: the landing texts, FAQ and quotes (public read, admin update). */
export function landingRoutes(app: RouteApp, opts: RouteOptions): void {
  route(app, landingEndpoints.detail, opts, async (req) => getLanding(app.ctx.db, req.site.id));
  route(app, landingEndpoints.update, { ...opts, preHandler: [authenticate, requireAdmin] }, async (req) =>
    updateLanding(app.ctx.db, req.site.id, req.params.id, req.body),
  );
}
