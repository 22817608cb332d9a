import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { DEFAULT_COLOR, type TSiteInfo } from '@proxy/contract';
import { api } from './api-client';
import { readPartialSiteInfo } from './first-load-schemas';
import { read } from './plain-reader';
import { siteQueryKey } from './query-client';

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
    const answer: unknown = await api.get<unknown>('/site/get-site-info');
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

/** docs/screens.md#branding: branding and flags of the serving host, fetched once on startup. */
export const siteInfoQueryOptions = queryOptions({
  queryKey: siteQueryKey('info'),
  queryFn: getSiteInfo,
  staleTime: Infinity,
  meta: { silentError: true },
});

/** The site of this host. The app shell loads it before anything renders, so it never waits. */
export function useSiteInfo(): TSiteInfo {
  return useSuspenseQuery(siteInfoQueryOptions).data;
}
