import type { vi } from '../vi';
import { adminTexts } from './admin-texts';
import { app } from './app';
import { core } from './core';

export const en: typeof vi = { ...core, ...app, ...adminTexts };
