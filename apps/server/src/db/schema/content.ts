import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TDownload, TFaqItem, TQuote, TSupportInfo } from '@proxy/contract';
import { sites } from './sites.js';

/** The landing texts of a site, as saved (the HTML already sanitised). */
export interface StoredLanding {
  landingTitle?: string;
  landingDesc?: string;
  landingTitleEng?: string;
  landingDescEng?: string;
  html1?: string;
  html1Eng?: string;
  html2?: string;
  html2Eng?: string;
  faq?: TFaqItem[];
  quotes?: TQuote[];
}

/** One row per site: its landing page, support channels and the tools' downloads (docs/wire-contract.md#site-content). */
export const siteContent = pgTable('site_content', {
  id: uuid('id').primaryKey(),
  siteId: uuid('site_id')
    .notNull()
    .unique()
    .references(() => sites.id, { onDelete: 'cascade' }),
  landing: jsonb('landing')
    .$type<StoredLanding>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  support: jsonb('support').$type<TSupportInfo>(),
  downloads: jsonb('downloads')
    .$type<TDownload[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tutorial articles of a site, in Vietnamese and English (HTML sanitised on save). */
export const tutorials = pgTable(
  'tutorials',
  {
    id: uuid('id').primaryKey(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    titleEng: text('title_eng').notNull(),
    summary: text('summary').notNull().default(''),
    summaryEng: text('summary_eng').notNull().default(''),
    html: text('html').notNull().default(''),
    htmlEng: text('html_eng').notNull().default(''),
    order: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tutorials_site_slug_idx').on(t.siteId, t.slug)],
);
