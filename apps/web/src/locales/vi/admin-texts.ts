import { admin } from './admin';
import { analytics } from './analytics';

/** The admin's texts: loaded with the admin layout (lib/i18n.ts `loadTexts('admin')`). */
export const adminTexts = { admin, analytics };
