import type { adminTexts as vi } from '../vi/admin-texts';
import { admin } from './admin';
import { analytics } from './analytics';
import { sites } from './sites';
import { suppliers } from './suppliers';

/** The admin's texts: loaded with the admin layout (lib/i18n.ts `loadTexts('admin')`). */
export const adminTexts: typeof vi = { admin, analytics, sites, suppliers };
