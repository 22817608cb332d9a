import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@proxy/contract';
import { STORAGE_KEYS } from '@/config/constants';
import { groupDigits } from './numbers';
import { core as viCore } from '@/locales/vi/core';

/**
 * The texts come in parts, so a page downloads only those it shows: `core` (shell, sign-in, home,
 * errors) is in the main bundle for vi (the default and the fallback) and a chunk for en, loaded
 * before the first render; `app` (the signed-in panel) and `admin` load with their layouts
 * (`loadTexts`), in the current language, and again for a language switched to later.
 */
export type TextPart = 'core' | 'app' | 'admin';

type Texts = Record<string, unknown>;

const loaders: Record<Locale, Record<TextPart, () => Promise<Texts>>> = {
  vi: {
    core: () => Promise.resolve(viCore),
    app: () => import('@/locales/vi/app').then((m) => m.app),
    admin: () => import('@/locales/vi/admin-texts').then((m) => m.adminTexts),
  },
  en: {
    core: () => import('@/locales/en/core').then((m) => m.core),
    app: () => import('@/locales/en/app').then((m) => m.app),
    admin: () => import('@/locales/en/admin-texts').then((m) => m.adminTexts),
  },
};

/**
 * The language being switched to (or shown): parts are loaded in it. The router's first loaders
 * run while the start language is still loading, before i18next has switched to it.
 */
let targetLanguage: Locale = DEFAULT_LOCALE;

/** The parts some page has needed so far: a language switched to gets all of them. */
const wantedParts = new Set<TextPart>(['core']);
/** `${lng}:${part}` of the parts already added to i18next. */
const addedParts = new Set<string>();

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function storedLanguage(): Locale | null {
  const stored = localStorage.getItem(STORAGE_KEYS.clientLanguage);
  return isLocale(stored) ? stored : null;
}

/**
 * The language the server wrote into index.html for a site that forces one (`data-force-lang`),
 * so the first render is already in it.
 */
function forcedLanguage(): Locale | null {
  const forced = document.documentElement.dataset.forceLang;
  return isLocale(forced) ? forced : null;
}

/**
 * docs/product-rules.md#languages: a site's forced language wins; then `?lang=`, which is
 * remembered; then the stored choice; then vi.
 */
function initialLanguage(): Locale {
  const param = new URLSearchParams(window.location.search).get('lang');
  if (isLocale(param)) {
    localStorage.setItem(STORAGE_KEYS.clientLanguage, param);
  }
  return forcedLanguage() ?? (isLocale(param) ? param : null) ?? storedLanguage() ?? DEFAULT_LOCALE;
}

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/** Interpolated numbers that are not quantities, and so are never grouped. */
const UNGROUPED = new Set(['year']);

/**
 * docs/product-rules.md#formats: every number a text interpolates follows the language (vi 1.000
 * and 3,8; en 1,000 and 3.8); plural forms still see the number itself.
 */
export function groupNumber(value: unknown, key: string | undefined, lng: string = DEFAULT_LOCALE): unknown {
  return typeof value === 'number' && Number.isFinite(value) && !UNGROUPED.has(key ?? '')
    ? groupDigits(value, lng, 2)
    : value;
}

const startLanguage = initialLanguage();
addedParts.add(`${DEFAULT_LOCALE}:core`);

void i18n.use(initReactI18next).init({
  resources: { vi: { translation: viCore } },
  // The start language's texts are added by `i18nReady` (main.tsx renders after it); until then i18next uses vi.
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  initAsync: false,
  interpolation: {
    escapeValue: false,
    alwaysFormat: true,
    format: (value: unknown, _format, lng, options) =>
      groupNumber(value, (options as { interpolationkey?: string } | undefined)?.interpolationkey, lng) as string,
  },
  returnNull: false,
  showSupportNotice: false,
});

/** Adds a part of a language's texts once (a network fetch the first time, except vi's core). */
async function addPart(lng: Locale, part: TextPart): Promise<void> {
  const key = `${lng}:${part}`;
  if (addedParts.has(key)) {
    return;
  }
  const texts = await loaders[lng][part]();
  // Deep merge: every part is a set of top-level namespaces of the one `translation` bundle.
  i18n.addResourceBundle(lng, 'translation', texts, true, true);
  addedParts.add(key);
}

/** Adds every part wanted so far in `lng` (en has every text vi has: its type says so). */
async function loadLanguage(lng: Locale): Promise<void> {
  await Promise.all([...wantedParts].map((part) => addPart(lng, part)));
}

/**
 * The texts of a part of the panel, in the current language: a layout's loader awaits this
 * before its pages render.
 */
export async function loadTexts(part: TextPart): Promise<void> {
  wantedParts.add(part);
  await loadLanguage(targetLanguage);
}

/** Loads `lng` if needed, then switches to it. */
async function switchTo(lng: Locale): Promise<void> {
  targetLanguage = lng;
  await loadLanguage(lng);
  // A later switch wins over this one if it was asked for while this one was loading.
  if (targetLanguage === lng && i18n.language !== lng) {
    await i18n.changeLanguage(lng);
  }
}

/** Settles once the start language is loaded and applied; the first render waits for it. */
export const i18nReady: Promise<void> = switchTo(startLanguage);

export function currentLanguage(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** The user's choice: stored under clientLanguage and applied at once. */
export function chooseLanguage(lng: Locale): void {
  localStorage.setItem(STORAGE_KEYS.clientLanguage, lng);
  void switchTo(lng);
}

/** A site that forces English shows it whatever was chosen, without overwriting the choice. */
export function applySiteLanguage(forceEnglish: boolean): void {
  const lng: Locale = forceEnglish ? 'en' : (storedLanguage() ?? DEFAULT_LOCALE);
  if (i18n.language !== lng) {
    void switchTo(lng);
  }
}

export { i18n };
