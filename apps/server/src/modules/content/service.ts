import {
  ZTutorialInput,
  type TDownloads,
  type TLanding,
  type TLandingUpdate,
  type TSupportInfo,
  type TTutorialAdmin,
  type TTutorialDetail,
  type TTutorialInput,
  type TTutorialListItem,
} from '@proxy/contract';
import type { AppContext } from '../../context.js';
import type { StoredLanding } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import * as repo from './repository.js';
import { sanitizeContentHtml } from './sanitize.js';

type Db = AppContext['db'];
type Lang = 'vi' | 'en';

const HTML_FIELDS = ['html1', 'html1Eng', 'html2', 'html2Eng'] as const;

function landingView(row: repo.ContentRow): TLanding {
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
  return landingView(await repo.ensureContent(db, siteId));
}

/** Saves the given fields, the HTML ones sanitised; 404 when `id` is not this site's landing. */
export async function updateLanding(db: Db, siteId: string, id: string, patch: TLandingUpdate): Promise<TLanding> {
  const clean: StoredLanding = { ...patch };
  for (const field of HTML_FIELDS) {
    const value = patch[field];
    if (value !== undefined) {
      clean[field] = sanitizeContentHtml(value);
    }
  }
  await repo.ensureContent(db, siteId);
  if (!(await repo.mergeLanding(db, siteId, id, clean))) {
    throw new AppError('NOT_FOUND');
  }
  return getLanding(db, siteId);
}

const NO_SUPPORT: TSupportInfo = { channels: [], hours: '', note: '', noteEng: '', showIcons: false };

export async function getSupport(db: Db, siteId: string): Promise<TSupportInfo> {
  return (await repo.ensureContent(db, siteId)).support ?? NO_SUPPORT;
}

export async function replaceSupport(db: Db, siteId: string, support: TSupportInfo): Promise<TSupportInfo> {
  await repo.setSupport(db, siteId, support);
  return getSupport(db, siteId);
}

export async function getDownloads(db: Db, siteId: string): Promise<TDownloads> {
  return { items: (await repo.ensureContent(db, siteId)).downloads };
}

export async function replaceDownloads(db: Db, siteId: string, downloads: TDownloads): Promise<TDownloads> {
  await repo.setDownloads(db, siteId, downloads.items);
  return getDownloads(db, siteId);
}

function pick(row: repo.TutorialRow, lang: Lang): TTutorialListItem {
  const en = lang === 'en';
  return {
    id: row.id,
    slug: row.slug,
    title: en ? row.titleEng : row.title,
    summary: en ? row.summaryEng : row.summary,
    order: row.order,
  };
}

export async function listTutorials(db: Db, siteId: string, lang: Lang): Promise<TTutorialListItem[]> {
  return (await repo.listTutorials(db, siteId)).map((row) => pick(row, lang));
}

export async function tutorialDetail(db: Db, siteId: string, slug: string, lang: Lang): Promise<TTutorialDetail> {
  const row = await repo.findTutorialBySlug(db, siteId, slug);
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  return { ...pick(row, lang), html: lang === 'en' ? row.htmlEng : row.html };
}

function adminView(row: repo.TutorialRow): TTutorialAdmin {
  const { siteId: _site, createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}

export async function adminListTutorials(db: Db, siteId: string): Promise<TTutorialAdmin[]> {
  return (await repo.listTutorials(db, siteId)).map(adminView);
}

function tutorialValues(input: TTutorialInput): repo.TutorialValues {
  const v = ZTutorialInput.parse(input);
  return { ...v, html: sanitizeContentHtml(v.html), htmlEng: sanitizeContentHtml(v.htmlEng) };
}

export async function createTutorial(db: Db, siteId: string, input: TTutorialInput): Promise<TTutorialAdmin> {
  const row = await repo.insertTutorial(db, siteId, tutorialValues(input));
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
  let row: Awaited<ReturnType<typeof repo.updateTutorial>>;
  try {
    row = await repo.updateTutorial(db, siteId, id, tutorialValues(input));
  } catch (err) {
    // Two edits racing to the same slug: the unique index decides.
    if (isUniqueViolation(err)) {
      throw new AppError('SLUG_EXISTS');
    }
    throw err;
  }
  if (row === 'missing') {
    throw new AppError('NOT_FOUND');
  }
  if (row === 'taken') {
    throw new AppError('SLUG_EXISTS');
  }
  return adminView(row);
}

export async function deleteTutorial(db: Db, siteId: string, id: string): Promise<void> {
  if (!(await repo.deleteTutorial(db, siteId, id))) {
    throw new AppError('NOT_FOUND');
  }
}
