import type { core as vi } from '../vi/core';
import { auth } from './auth';
import { common } from './common';
import { content } from './content';
import { error, errors } from './errors';
import { nav, topBar } from './nav';
import { errorPage, home, notFound } from './pages';

/** The texts every page may need (shell, sign-in, home, errors): in the first load. */
export const core: typeof vi = { common, content, nav, topBar, auth, home, notFound, errorPage, error, errors };
