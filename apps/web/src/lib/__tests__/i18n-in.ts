import i18next, { type i18n as I18n } from 'i18next';
import { en } from '@/locales/en';
import { vi } from '@/locales/vi';

/** A fresh i18next instance with the app's locales, in `lng` (for tests of translated texts). */
export async function i18nIn(lng: 'vi' | 'en'): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { vi: { translation: vi }, en: { translation: en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return i18n;
}
