import { describe, expect, it } from 'vitest';
import { channelHref, hasUsableChannel } from '../support-links';

describe('support channels', () => {
  it('should link each kind of channel to its app', () => {
    expect(channelHref({ kind: 'telegram', value: '@shop_help' })).toBe('https://t.me/shop_help');
    expect(channelHref({ kind: 'zalo', value: '0912 345 678' })).toBe('https://zalo.me/0912345678');
    expect(channelHref({ kind: 'email', value: 'help@shop.vn' })).toBe('mailto:help@shop.vn');
    expect(channelHref({ kind: 'url', value: 'javascript:alert(1)' })).toBeNull();
  });

  it('should never show an empty contact', () => {
    for (const kind of ['telegram', 'zalo', 'messenger', 'phone', 'email', 'url'] as const) {
      expect(channelHref({ kind, value: '  ' }), kind).toBeNull();
    }
    expect(channelHref({ kind: 'telegram', value: '@' })).toBeNull();
    expect(channelHref({ kind: 'phone', value: '+' })).toBeNull();
    expect(hasUsableChannel([])).toBe(false);
    expect(hasUsableChannel([{ kind: 'email', value: '' }])).toBe(false);
    expect(
      hasUsableChannel([
        { kind: 'email', value: '' },
        { kind: 'telegram', value: '@x' },
      ]),
    ).toBe(true);
  });
});
