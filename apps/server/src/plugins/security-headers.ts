import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { TSiteInfo } from '@proxy/contract';
import { siteInfo } from '../modules/site/index.js';

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

/**
 * Security headers on every answer (API, SPA, static files, errors after the site is known), by
 * @fastify/helmet: a per-site CSP, nosniff, DENY framing, strict-origin-when-cross-origin referrers,
 * and HSTS only when the browser came over https (directly, or through a proxy we trust that says
 * so with X-Forwarded-Proto: Fastify's req.protocol honours TRUST_PROXY).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // global: false — the headers are applied once per request by the hook below, with the site's CSP.
  await app.register(fastifyHelmet, {
    global: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Google sign-in opens a popup that reports back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', async (req: FastifyRequest, reply) => {
    reply.helmet({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(siteInfo(req.site, app.ctx)) },
      strictTransportSecurity: req.protocol === 'https' ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
    });
  });
}
