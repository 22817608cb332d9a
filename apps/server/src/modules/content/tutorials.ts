import { randomUUID } from 'node:crypto';
import {
  tutorialEndpoints,
  ZTutorialInput,
  type TTutorialAdmin,
  type TTutorialDetail,
  type TTutorialInput,
  type TTutorialListItem,
} from '@proxy/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { tutorials } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { route, type RouteApp, type RouteOptions } from '../../lib/route.js';
import { authenticate, requireAdmin } from '../../plugins/auth.js';
import { sanitizeContentHtml } from './sanitize.js';

type Db = AppContext['db'];
type Lang = 'vi' | 'en';
type TutorialRow = typeof tutorials.$inferSelect;
type TutorialValues = Omit<TutorialRow, 'id' | 'siteId' | 'createdAt' | 'updatedAt'>;

function siteTutorials(db: Db, siteId: string): Promise<TutorialRow[]> {
  return db
    .select()
    .from(tutorials)
    .where(eq(tutorials.siteId, siteId))
    .orderBy(asc(tutorials.order), asc(tutorials.createdAt));
}

async function tutorialBySlug(db: Db, siteId: string, slug: string): Promise<TutorialRow | undefined> {
  const rows = await db
    .select()
    .from(tutorials)
    .where(and(eq(tutorials.siteId, siteId), eq(tutorials.slug, slug)))
    .limit(1);
  return rows[0];
}

function pick(row: TutorialRow, lang: Lang): TTutorialListItem {
  const en = lang === 'en';
  return {
    id: row.id,
    slug: row.slug,
    title: en ? row.titleEng : row.title,
    summary: en ? row.summaryEng : row.summary,
    order: row.order,
  };
}

/** The readers' list, in one language. */
export async function listTutorials(db: Db, siteId: string, lang: Lang): Promise<TTutorialListItem[]> {
  return (await siteTutorials(db, siteId)).map((row) => pick(row, lang));
}

export async function tutorialDetail(db: Db, siteId: string, slug: string, lang: Lang): Promise<TTutorialDetail> {
  const row = (await tutorialBySlug(db, siteId, slug)) ?? notFound();
  return { ...pick(row, lang), html: lang === 'en' ? row.htmlEng : row.html };
}

function adminView(row: TutorialRow): TTutorialAdmin {
  const { siteId: _site, createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}

/** The admin's list, both languages. */
export async function adminListTutorials(db: Db, siteId: string): Promise<TTutorialAdmin[]> {
  return (await siteTutorials(db, siteId)).map(adminView);
}

function tutorialValues(input: TTutorialInput): TutorialValues {
  const v = ZTutorialInput.parse(input);
  return { ...v, html: sanitizeContentHtml(v.html), htmlEng: sanitizeContentHtml(v.htmlEng) };
}

/** SLUG_EXISTS when the slug is taken on the site (nothing is written). */
export async function createTutorial(db: Db, siteId: string, input: TTutorialInput): Promise<TTutorialAdmin> {
  const [row] = await db
    .insert(tutorials)
    .values({ id: randomUUID(), siteId, ...tutorialValues(input) })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw new AppError('SLUG_EXISTS');
  }
  return adminView(row);
}

export async function updateTutorial(
  db: Db,
  siteId: string,
  id: string,
  input: TTutorialInput,
): Promise<TTutorialAdmin> {
  const values = tutorialValues(input);
  const clash = await tutorialBySlug(db, siteId, values.slug);
  if (clash && clash.id !== id) {
    throw new AppError('SLUG_EXISTS');
  }
  let rows: TutorialRow[];
  try {
    rows = await db
      .update(tutorials)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(tutorials.id, id), eq(tutorials.siteId, siteId)))
      .returning();
  } catch (err) {
    // Two edits racing to the same slug: the unique index decides.
    if (isUniqueViolation(err)) {
      throw new AppError('SLUG_EXISTS');
    }
    throw err;
  }
  return adminView(rows[0] ?? notFound());
}

export async function deleteTutorial(db: Db, siteId: string, id: string): Promise<void> {
  const rows = await db
    .delete(tutorials)
    .where(and(eq(tutorials.id, id), eq(tutorials.siteId, siteId)))
    .returning({ id: tutorials.id });
  if (rows.length === 0) {
    notFound();
  }
}

function notFound(): never {
  throw new AppError('NOT_FOUND');
}

/** /api/tutorial: articles in one language for readers, both for the admin. */
export function tutorialRoutes(app: RouteApp, opts: RouteOptions): void {
  const admin = { ...opts, preHandler: [authenticate, requireAdmin] };
  const e = tutorialEndpoints;
  route(app, e.list, opts, async (req) => listTutorials(app.ctx.db, req.site.id, req.query.lang));
  route(app, e.detail, opts, async (req) => tutorialDetail(app.ctx.db, req.site.id, req.params.slug, req.query.lang));
  route(app, e.adminList, admin, async (req) => adminListTutorials(app.ctx.db, req.site.id));
  route(app, e.adminCreate, admin, async (req) => createTutorial(app.ctx.db, req.site.id, req.body));
  route(app, e.adminUpdate, admin, async (req) => updateTutorial(app.ctx.db, req.site.id, req.params.id, req.body));
  route(app, e.adminDelete, admin, async (req) => {
    await deleteTutorial(app.ctx.db, req.site.id, req.params.id);
    return { ok: true as const };
  });
}
