import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAuditEvent } from '@proxy/contract';
import { auditDetailText } from '../audit-text';
import { i18nIn } from './i18n-in';

const tIn = async (lng: 'vi' | 'en'): Promise<TFunction> => (await i18nIn(lng)).t;

let tVi: TFunction;
let tEn: TFunction;
beforeAll(async () => {
  tVi = await tIn('vi');
  tEn = await tIn('en');
});

const ev = (action: string, detail: Record<string, unknown>): TAuditEvent => ({
  id: '1',
  at: '2026-01-01T00:00:00.000Z',
  actor: 'user',
  ip: null,
  action,
  target: null,
  detail,
});
const both = (e: TAuditEvent) => [auditDetailText(e, tVi, 'vi'), auditDetailText(e, tEn, 'en')];

describe('auditDetailText', () => {
  it('should put the values it shows in the reader’s language, not as the server stored them', () => {
    expect(both(ev('account.login', { method: 'password' }))).toEqual(['Cách đăng nhập: Mật khẩu', 'Method: Password']);
    expect(both(ev('proxy.rotation', { mode: 'auto', intervalMin: 5 }))).toEqual([
      'Chế độ: Tự động · Chu kỳ (phút): 5',
      'Mode: Automatic · Interval (min): 5',
    ]);
    const [buyVi, buyEn] = both(ev('order.buy', { code: 'A1', product: 'v4', country: 'VN' }));
    expect(buyVi).toContain('Proxy IPv4');
    expect(buyVi).toContain('Việt Nam');
    expect(buyEn).toContain('IPv4 proxy');
    expect(buyEn).toContain('Vietnam');
    expect(both(ev('order.change-country', { from: 'VN', to: 'US' }))[1]).toContain(
      'From: Vietnam · To: United States',
    );
    // IPs stay as they are.
    expect(both(ev('proxy.ip-change', { from: '1.2.3.4', to: '5.6.7.8' }))[1]).toBe('From: 1.2.3.4 · To: 5.6.7.8');
  });
});
