import type { Site } from '../modules/site/index.js';

/** What a site's index.html says about it before any script runs (docs/screens.md#branding). */
export interface HtmlBranding {
  lang: 'vi' | 'en';
  /** The language is the site's, not the visitor's to choose (a site that forces English). */
  forced: boolean;
  title: string;
  description: string;
  icon: string;
  color: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML text node or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const COLOR_RE = /^#[0-9a-f]{3,8}$/i;

/** The branding of `site`'s pages, in the site's language (a visitor's choice applies after load). */
export function siteBranding(site: Site): HtmlBranding {
  const lang = site.forceEnglish ? 'en' : 'vi';
  const description =
    lang === 'en'
      ? `${site.title}: buy and manage IPv6, IPv4 and rotating proxies.`
      : `${site.title}: mua và quản lý proxy IPv6, IPv4 và proxy xoay.`;
  return {
    lang,
    forced: site.forceEnglish,
    title: site.title,
    description,
    icon: site.logo || '/logo.svg',
    color: COLOR_RE.test(site.color) ? site.color : '#2196F3',
  };
}

/**
 * index.html with the site's language, title, description, icon and theme colour written in, so
 * the tab, a link preview and the browser chrome are the site's before the app loads. Only
 * attributes and text are added: no inline script, which the Content-Security-Policy forbids.
 */
export function renderIndexHtml(template: string, b: HtmlBranding): string {
  const head = [
    `<title>${escapeHtml(b.title)}</title>`,
    `<meta name="description" content="${escapeHtml(b.description)}" />`,
    `<meta property="og:title" content="${escapeHtml(b.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(b.description)}" />`,
  ].join('\n    ');
  // Function replacements: a string replacement would read `$&`, `$'` or `` $` `` in a site's
  // title as patterns and splice parts of the template into the page.
  const html = `<html lang="${b.lang}"${b.forced ? ` data-force-lang="${b.lang}"` : ''}>`;
  const color = `<meta name="theme-color" content="${escapeHtml(b.color)}" />`;
  const icon = `<link rel="icon" href="${escapeHtml(b.icon)}" />`;
  return template
    .replace(/<html\b[^>]*>/i, () => html)
    .replace(/<title>[^<]*<\/title>/i, () => head)
    .replace(/<meta name="theme-color"[^>]*>/i, () => color)
    .replace(/<link rel="icon"[^>]*>/i, () => icon);
}
