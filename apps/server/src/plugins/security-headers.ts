import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { TSiteInfo } from '@proxy/contract';
import { siteInfo, type Site } from '../modules/site/index.js';

type Directives = Record<string, string[]>;

/** What each optional outside service needs, per Google's CSP guides for gtag, reCAPTCHA v3 and GIS. */
const GTAG: Directives = {
  'script-src': ['https://www.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};
const RECAPTCHA: Directives = {
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  'connect-src': ['https://www.google.com/recaptcha/'],
};
const GOOGLE_SIGN_IN: Directives = {
  'script-src': ['https://accounts.google.com/gsi/client'],
  'frame-src': ['https://accounts.google.com/gsi/'],
  'connect-src': ['https://accounts.google.com/gsi/'],
  'style-src': ['https://accounts.google.com/gsi/style'],
};

/** A year; sent only where the browser reached us over https (see below). */
const HSTS_MAX_AGE = 365 * 24 * 3600;

function logoOrigin(logo: string): string | null {
  try {
    const url = new URL(logo);
    return url.protocol === 'https:' ? url.origin : null;
  } catch {
    // A path on this server ('/logo.svg'): 'self' covers it.
    return null;
  }
}

/**
 * The CSP of one site: the SPA's own origin, plus the outside hosts of exactly the services this
 * site has configured (the same facts `get-site-info` gives the SPA, so the two cannot disagree).
 */
export function cspDirectives(info: TSiteInfo): Directives {
  const d: Directives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    // Scripts: only the bundle Vite emits as files (the built index.html has no inline script).
    'script-src': ["'self'"],
    // MUI styles through emotion, which inserts <style> elements at run time. A nonce would need
    // index.html templated per request and handed to emotion's cache, and would still not cover
    // the style attributes MUI writes; injected CSS cannot run script, so 'unsafe-inline' is
    // allowed for styles only.
    'style-src': ["'self'", "'unsafe-inline'"],
    // https: images too: the content CMS (landing blocks, tutorials) shows images hosted anywhere.
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // API calls and the /api/events stream are same-origin.
    'connect-src': ["'self'"],
    'frame-src': ["'none'"],
    // No form-action: the Perfect Money checkout posts a form to the provider URL the site's admin
    // configured; form-action does not fall back to default-src, so leaving it out allows that.
  };
  const extras: Directives[] = [];
  if (info.googlePixel?.trim()) {
    extras.push(GTAG);
  }
  if (info.captcha.provider === 'recaptcha') {
    extras.push(RECAPTCHA);
  }
  if (info.googleClientId) {
    extras.push(GOOGLE_SIGN_IN);
  }
  const logo = logoOrigin(info.logo);
  if (logo) {
    extras.push({ 'img-src': [logo] });
  }
  for (const extra of extras) {
    for (const [name, sources] of Object.entries(extra)) {
      const current = (d[name] ?? []).filter((s) => s !== "'none'");
      d[name] = [...new Set([...current, ...sources])];
    }
  }
  return d;
}

/** Helmet's options besides the CSP and HSTS, which depend on the site and the request. */
const HELMET_BASE = {
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Google sign-in opens a popup that reports back to this window.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
} as const;

type Headers = Record<string, string>;

/**
 * The headers helmet sets for `options`, worked out once: its middleware is synchronous and only
 * calls setHeader and removeHeader, so it runs on a response that records them.
 */
function helmetHeaders(options: HelmetOptions): Headers {
  const headers: Headers = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure !== null) {
    throw new Error('helmet refused the security header options', { cause: failure });
  }
  return headers;
}

/**
 * Security headers on every answer (API, SPA, static files, errors after the site is known), by
 * helmet: a per-site CSP, nosniff, DENY framing, strict-origin-when-cross-origin referrers, and
 * HSTS only when the browser came over https (directly, or through a proxy we trust that says so
 * with X-Forwarded-Proto: Fastify's req.protocol honours TRUST_PROXY).
 *
 * A site's headers are computed once per site object (the SiteResolver hands out a new one after
 * every change) and scheme: building them per request cost more than many whole requests (helmet
 * parses its options and the CSP on every call).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const bySite = new WeakMap<Site, { http?: Headers; https?: Headers }>();
  const headersOf = (site: Site, https: boolean): Headers => {
    let entry = bySite.get(site);
    if (entry === undefined) {
      entry = {};
      bySite.set(site, entry);
    }
    const scheme = https ? 'https' : 'http';
    return (entry[scheme] ??= helmetHeaders({
      ...HELMET_BASE,
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(siteInfo(site, app.ctx)) },
      strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    }));
  };
  app.addHook('onRequest', (req: FastifyRequest, reply, done) => {
    reply.headers(headersOf(req.site, req.protocol === 'https'));
    done();
  });
}
