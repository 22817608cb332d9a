import { use, useSyncExternalStore } from 'react';
import { DEFAULT_COLOR, type TSiteInfo } from '@proxy/contract';
import { api } from './api-client';
import { readPartialSiteInfo } from './first-load-schemas';
import { read } from './plain-reader';

/** What the panel shows when the site cannot be read: a plain site with nothing optional on. */
const FALLBACK_SITE_INFO: TSiteInfo = {
  title: '',
  color: DEFAULT_COLOR,
  logo: '',
  googlePixel: null,
  isOpenV6: false,
  isOpenV4: false,
  isOpenKey: false,
  showAgencyApi: false,
  forceEnglish: false,
  companyFooter: false,
  companyName: null,
  captcha: { provider: 'off', siteKey: null },
  googleClientId: null,
  promotion: null,
  maintenance: null,
};

async function getSiteInfo(): Promise<TSiteInfo> {
  try {
    // Fields the server leaves out keep their fallback value; a malformed answer is not used.
    const answer: unknown = await api.call('GET /site/get-site-info');
    const parsed = read(readPartialSiteInfo, answer);
    if (parsed) {
      return { ...FALLBACK_SITE_INFO, ...parsed };
    }
    console.error('Unexpected site info', answer);
  } catch (error) {
    console.error('Site info unavailable', error);
  }
  return FALLBACK_SITE_INFO;
}

// docs/screens.md#branding: branding and flags of the serving host, fetched once on startup.
// A small store rather than a TanStack query: the login page's first download does not need
// TanStack Query at all (docs/development.md#the-web-bundle), and every page reads the site from here.
let current: TSiteInfo | null = null;
let firstLoad: Promise<TSiteInfo> | null = null;
const listeners = new Set<() => void>();

/** Replaces the site info every reader shows (an admin change the server answered with). */
export function setSiteInfo(info: TSiteInfo): void {
  current = info;
  for (const listener of listeners) {
    listener();
  }
}

/** Reads the site info again (after an admin change, or the maintenance banner's minute). */
export async function refreshSiteInfo(): Promise<TSiteInfo> {
  const info = await getSiteInfo();
  setSiteInfo(info);
  return info;
}

function loadOnce(): Promise<TSiteInfo> {
  firstLoad ??= refreshSiteInfo();
  return firstLoad;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): TSiteInfo | null {
  return current;
}

/** The site of this host. The app shell suspends until it is loaded, so pages never wait. */
export function useSiteInfo(): TSiteInfo {
  const info = useSyncExternalStore(subscribe, snapshot);
  // `use` suspends (the shell's spinner) until the first answer, then returns it.
  return info ?? use(loadOnce());
}
