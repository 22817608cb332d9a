import { z } from 'zod';
import { ZId } from './common.js';

/**
 * Site content (docs/wire-contract.md#site-content): the landing page, its FAQ and quotes, the
 * support channels, tutorials and the tools' downloads. HTML fields are sanitised by the server on
 * save (an allow-list: no script, no event handlers, no `javascript:` links).
 */

/** The most HTML one field may hold (characters, before sanitising). */
export const CONTENT_HTML_MAX = 100_000;

const text = (max: number) => z.string().trim().max(max);
const html = z.string().max(CONTENT_HTML_MAX);

export const ZFaqItem = z.object({
  question: text(300).min(1),
  questionEng: text(300).min(1),
  answer: text(3000).min(1),
  answerEng: text(3000).min(1),
});
export type TFaqItem = z.infer<typeof ZFaqItem>;

export const ZQuote = z.object({
  name: text(100).min(1),
  role: text(100).default(''),
  text: text(1000).min(1),
  textEng: text(1000).min(1),
});
export type TQuote = z.infer<typeof ZQuote>;

export const ZLandingFields = z.object({
  landingTitle: text(200),
  landingDesc: text(2000),
  landingTitleEng: text(200),
  landingDescEng: text(2000),
  html1: html,
  html1Eng: html,
  html2: html,
  html2Eng: html,
  faq: z.array(ZFaqItem).max(50),
  quotes: z.array(ZQuote).max(30),
});

/** GET /api/landing/detail */
export const ZLanding = ZLandingFields.extend({ id: ZId });
export type TLanding = z.infer<typeof ZLanding>;

/** PUT /api/landing/update/:id: any of the Landing fields; one left out is kept. */
export const ZLandingUpdate = ZLandingFields.partial();
export type TLandingUpdate = z.infer<typeof ZLandingUpdate>;

export const SUPPORT_CHANNEL_KINDS = ['telegram', 'zalo', 'messenger', 'phone', 'email', 'url'] as const;
export type SupportChannelKind = (typeof SUPPORT_CHANNEL_KINDS)[number];

const CHANNEL_VALUE: Record<SupportChannelKind, RegExp> = {
  telegram: /^(@?[A-Za-z0-9_]{4,64}|https:\/\/t\.me\/[A-Za-z0-9_+/-]+)$/,
  zalo: /^(\+?[0-9 .-]{6,20}|https:\/\/zalo\.me\/[A-Za-z0-9_/-]+)$/,
  messenger: /^([A-Za-z0-9.]{3,80}|https:\/\/m\.me\/[A-Za-z0-9._/-]+)$/,
  phone: /^\+?[0-9 ().-]{6,20}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  url: /^https?:\/\/[^\s]+$/i,
};

export const ZSupportChannel = z
  .object({
    kind: z.enum(SUPPORT_CHANNEL_KINDS),
    label: text(80).min(1),
    /** telegram: a username or t.me link; zalo: a phone number or zalo.me link; messenger: a page name or m.me link; phone; email; url: http(s). */
    value: text(300).min(1),
  })
  .refine((c) => CHANNEL_VALUE[c.kind].test(c.value), { path: ['value'], message: 'not a valid value for this kind' });
export type TSupportChannel = z.infer<typeof ZSupportChannel>;

/** GET /api/support/support-info; POST /api/support/admin/add-support replaces it. */
export const ZSupportInfo = z.object({
  channels: z.array(ZSupportChannel).max(20),
  hours: text(200),
  note: text(1000),
  noteEng: text(1000),
  /** Show the channels as floating icons in the layout (docs/screens.md#tools-tutorials-support). */
  showIcons: z.boolean().default(false),
});
export type TSupportInfo = z.infer<typeof ZSupportInfo>;

export const ZTutorialSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase letters, digits and hyphens')
  .max(80);

export const ZTutorialInput = z.object({
  slug: ZTutorialSlug,
  title: text(200).min(1),
  titleEng: text(200).min(1),
  summary: text(500).default(''),
  summaryEng: text(500).default(''),
  html,
  htmlEng: html,
  order: z.number().int().min(0).max(10_000).default(0),
});
export type TTutorialInput = z.input<typeof ZTutorialInput>;

export const ZContentLangQuery = z.object({ lang: z.enum(['vi', 'en']).default('vi') });

/** GET /api/tutorial/list?lang: one language. */
export const ZTutorialListItem = z.object({
  id: ZId,
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  order: z.number().int(),
});
export type TTutorialListItem = z.infer<typeof ZTutorialListItem>;

/** GET /api/tutorial/detail/:slug?lang */
export const ZTutorialDetail = ZTutorialListItem.extend({ html: z.string() });
export type TTutorialDetail = z.infer<typeof ZTutorialDetail>;

/** GET /api/tutorial/admin/list: both languages, for the editor. */
export const ZTutorialAdmin = ZTutorialInput.extend({
  id: ZId,
  summary: z.string(),
  summaryEng: z.string(),
  order: z.number().int(),
});
export type TTutorialAdmin = z.infer<typeof ZTutorialAdmin>;

export const ZDownload = z.object({
  title: text(200).min(1),
  titleEng: text(200).min(1),
  description: text(1000).default(''),
  descriptionEng: text(1000).default(''),
  /** http(s) only. */
  url: z
    .string()
    .trim()
    .max(2000)
    .url()
    .refine((u) => /^https?:\/\//i.test(u), 'http or https'),
});
export type TDownload = z.infer<typeof ZDownload>;

/** GET /api/tools/downloads; PUT /api/tools/admin/downloads {items} replaces them. */
export const ZDownloads = z.object({ items: z.array(ZDownload).max(50) });
export type TDownloads = z.infer<typeof ZDownloads>;
/** PUT /api/tools/admin/downloads: the list as GET answers it; an unknown field is refused. */
export const ZDownloadsUpdate = z.object({ items: z.array(ZDownload.strict()).max(50) }).strict();

/** GET /api/tools/my-ip: what the server sees of the caller. */
export const ZMyIp = z.object({ ip: z.string(), family: z.enum(['IPv4', 'IPv6']), userAgent: z.string() });
export type TMyIp = z.infer<typeof ZMyIp>;

/** GET /api/tutorial/detail/:slug */
export const ZTutorialSlugParams = z.object({ slug: ZTutorialSlug });
