import type { SupportChannelKind, TSupportChannel } from '@proxy/contract';

const digits = (v: string) => v.replace(/[^0-9+]/g, '');
const handle = (v: string) => v.replace(/^@/, '');

/**
 * The link that opens a channel's app: Telegram and Messenger links, Zalo by phone number, tel:,
 * mailto:, or the URL itself. Only https/http/tel/mailto links come out; null when the value is
 * not usable (empty, or a number without digits), so an empty contact is never shown.
 */
export function channelHref(channel: Pick<TSupportChannel, 'kind' | 'value'>): string | null {
  const v = channel.value.trim();
  const numbered = channel.kind === 'phone' || (channel.kind === 'zalo' && !v.startsWith('https://'));
  if (handle(v) === '' || (numbered && !/\d/.test(v))) {
    return null;
  }
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

/** Whether any channel can be opened: an empty or unusable contact is never shown. */
export function hasUsableChannel(channels: readonly Pick<TSupportChannel, 'kind' | 'value'>[]): boolean {
  return channels.some((c) => channelHref(c) !== null);
}
