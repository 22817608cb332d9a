import type { vi } from '../vi';
import { admin } from './admin';
import { app } from './app';
import { core } from './core';

export const en: typeof vi = { ...core, ...app, admin };
