import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportChannelKind, TSupportChannel } from '@proxy/contract';
import { api } from './api-client';
import { siteQueryKey } from './query-client';

/** GET /api/support/support-info: the site's support channels, hours and note. */
export const supportInfoQueryOptions = queryOptions({
  queryKey: siteQueryKey('support'),
  queryFn: () => api.call('GET /support/support-info'),
  staleTime: 5 * 60_000,
  meta: { silentError: true },
});

export function useSupportInfo() {
  return useQuery(supportInfoQueryOptions);
}

const digits = (v: string) => v.replace(/[^0-9+]/g, '');
const handle = (v: string) => v.replace(/^@/, '');

/**
 * The link that opens a channel's app: Telegram and Messenger links, Zalo by phone number, tel:,
 * mailto:, or the URL itself. Only https/http/tel/mailto links come out; null when the value is
 * not usable.
 */
export function channelHref(channel: Pick<TSupportChannel, 'kind' | 'value'>): string | null {
  const v = channel.value.trim();
  const build: Record<SupportChannelKind, () => string> = {
    telegram: () => (v.startsWith('https://') ? v : `https://t.me/${handle(v)}`),
    zalo: () => (v.startsWith('https://') ? v : `https://zalo.me/${digits(v)}`),
    messenger: () => (v.startsWith('https://') ? v : `https://m.me/${v}`),
    phone: () => `tel:${digits(v)}`,
    email: () => `mailto:${v}`,
    url: () => v,
  };
  const href = build[channel.kind]();
  return /^(https?:\/\/|tel:|mailto:)/i.test(href) ? href : null;
}

/** The attributes of a link to a channel: web links open in a new tab; null when unusable. */
export function channelLink(
  channel: Pick<TSupportChannel, 'kind' | 'value'>,
): { href: string; target: '_blank' | undefined; rel: string } | null {
  const href = channelHref(channel);
  return href ? { href, target: href.startsWith('http') ? '_blank' : undefined, rel: 'noopener noreferrer' } : null;
}
