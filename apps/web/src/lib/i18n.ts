import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, formatCoins, type Locale } from '@proxy/contract';
import { STORAGE_KEYS } from '@/config/constants';
import { vi } from '@/locales/vi';

/**
 * vi (the default and the fallback) is in the main bundle; en is a chunk of its own, loaded
 * before the first render when it is the starting language and before switching to it.
 */
const loaders: Record<Locale, () => Promise<unknown>> = {
  vi: () => Promise.resolve(vi),
  en: () => import('@/locales/en').then((m) => m.en),
};

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
 * docs/product-rules.md#formats: every whole number a text interpolates is grouped with dots in
 * both languages (1.000, 5.000 GB), as money is; plural forms still see the number itself.
 */
export function groupNumber(value: unknown, key: string | undefined): unknown {
  return typeof value === 'number' && Number.isInteger(value) && !UNGROUPED.has(key ?? '') ? formatCoins(value) : value;
}

const startLanguage = initialLanguage();

void i18n.use(initReactI18next).init({
  resources: { vi: { translation: vi } },
  // The start language's texts are added by `i18nReady` (main.tsx renders after it); until then i18next uses vi.
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  initAsync: false,
  interpolation: {
    escapeValue: false,
    alwaysFormat: true,
    format: (value: unknown, _format, _lng, options) =>
      groupNumber(value, (options as { interpolationkey?: string } | undefined)?.interpolationkey) as string,
  },
  returnNull: false,
  showSupportNotice: false,
});

/** Adds a language's texts once (a network fetch for en the first time). */
async function loadLanguage(lng: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(lng, 'translation')) {
    i18n.addResourceBundle(lng, 'translation', await loaders[lng]());
  }
}

/** Loads `lng` if needed, then switches to it. */
async function switchTo(lng: Locale): Promise<void> {
  await loadLanguage(lng);
  if (i18n.language !== lng) {
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
