import { useEffect, useLayoutEffect } from 'react';
import { loadGooglePixel } from '@/lib/gtag';
import { applySiteLanguage } from '@/lib/i18n';
import { useSiteInfo } from '@/lib/site-info';

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}

/**
 * Applies the site's branding to the document (docs/screens.md#branding): icon, theme colour,
 * analytics, language. The server writes them into index.html already; the tab title is
 * DocumentTitle's (per route).
 */
export function SiteBranding() {
  const { logo, color, googlePixel, forceEnglish } = useSiteInfo();

  // Before paint, so a site that forces English never flashes Vietnamese.
  useLayoutEffect(() => applySiteLanguage(forceEnglish), [forceEnglish]);

  useEffect(() => {
    if (logo) {
      setFavicon(logo);
    }
  }, [logo]);

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
  }, [color]);

  useEffect(() => loadGooglePixel(googlePixel), [googlePixel]);

  return null;
}
