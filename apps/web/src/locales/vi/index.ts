import { adminTexts } from './admin-texts';
import { app } from './app';
import { core } from './core';

/** Every Vietnamese text: the shape of the translation resources (and of `en`). */
export const vi = { ...core, ...app, ...adminTexts };
