import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TLedgerI18n } from '@proxy/contract';
import { ledgerText } from '../ledger-text';
import { i18nIn } from './i18n-in';

const tIn = async (lng: 'vi' | 'en'): Promise<TFunction> => (await i18nIn(lng)).t;

let tVi: TFunction;
let tEn: TFunction;
beforeAll(async () => {
  tVi = await tIn('vi');
  tEn = await tIn('en');
});

const row = (contentI18n: TLedgerI18n | null, content = 'the English text') => ({ content, contentI18n });
const both = (r: ReturnType<typeof row>) => [ledgerText(r, tVi, 'vi'), ledgerText(r, tEn, 'en')];

describe('ledgerText', () => {
  it('should describe a purchase in the reader’s language, with the country and period in words', () => {
    const bought = row({
      key: 'buyRetail',
      params: { code: 'OABC123', quantity: 1500, product: 'v6', country: 'VN', period: { unit: 'day', value: 3 } },
    });
    expect(both(bought)).toEqual([
      'OABC123: mua 1.500 proxy IPv6 Việt Nam, 3 ngày',
      'OABC123: 1.500 × IPv6 proxy, Vietnam, 3 days',
    ]);
  });

  it('should name a package as bought, in English for English readers when it had an English name', () => {
    const keys = row({
      key: 'buyKeys',
      params: { code: 'OABC123', package: 'Key 1 ngày', packageEng: 'Key 1 day', quantity: 2, country: 'VN' },
    });
    expect(both(keys)).toEqual(['OABC123: mua 2 key (Key 1 ngày) Việt Nam', 'OABC123: 2 × key (Key 1 day), Vietnam']);
    const pack = row({
      key: 'buyPackage',
      params: { code: 'OABC123', package: 'Gói nhóm', quantity: 5, product: 'v4', country: 'US', days: 30 },
    });
    // A row written before the English name was kept shows the name as bought.
    expect(ledgerText(pack, tEn, 'en')).toBe('OABC123: package Gói nhóm (5 × IPv4 proxy, United States, 30 days)');
  });

  it('should describe adding proxies and moving an order with the remaining hours', () => {
    const added = row({
      key: 'increaseAmount',
      params: { code: 'OABC123', quantity: 50, product: 'v6', country: 'VN', hours: 18 },
    });
    expect(both(added)).toEqual([
      'OABC123: thêm 50 proxy IPv6 Việt Nam, cho 18 giờ còn lại',
      'OABC123: +50 × IPv6 proxy, Vietnam, for the remaining 18 hours',
    ]);
    const moved = row({ key: 'changeCountry', params: { code: 'OABC123', count: 2, from: 'VN', to: 'SG', hours: 1 } });
    expect(both(moved)).toEqual([
      'OABC123: chuyển 2 proxy từ Việt Nam sang Singapore, cho 1 giờ còn lại',
      'OABC123: 2 proxies moved from Vietnam to Singapore, for the remaining 1 hour',
    ]);
  });

  it('should write top-up amounts per docs/product-rules.md#formats: VND with dots, dollars with 2 decimals', () => {
    const bank = { key: 'topupBank' as const, params: { amount: 1_000_000, code: 'NAPABC234' } };
    expect(both(row(bank))).toEqual([
      'Chuyển khoản ngân hàng 1.000.000 VND (NAPABC234)',
      'Bank transfer of 1.000.000 VND (NAPABC234)',
    ]);
    const paypal = row({ key: 'topup', params: { method: 'paypal', amount: 1050, currency: 'USD' } });
    expect(both(paypal)).toEqual(['Nạp tiền qua PayPal: 10.50 USD', 'Top-up by PayPal: 10.50 USD']);
    expect(ledgerText(row({ key: 'promotion', params: { topup: bank } }), tVi, 'vi')).toBe(
      'Khuyến mãi nạp tiền: Chuyển khoản ngân hàng 1.000.000 VND (NAPABC234)',
    );
  });

  it('should keep free text as written: a bank transfer’s content and an admin’s note', () => {
    const promotion = row({ key: 'promotion', params: { text: 'SePay 77: ck NAPABC234' } });
    expect(ledgerText(promotion, tVi, 'vi')).toBe('Khuyến mãi nạp tiền: SePay 77: ck NAPABC234');
    const noted = row({ key: 'topupBank', params: { amount: 50_000, code: 'NAPABC234', note: 'gọi điện báo' } });
    expect(ledgerText(noted, tEn, 'en')).toBe('Bank transfer of 50.000 VND (NAPABC234) (gọi điện báo)');
    expect(ledgerText(row(null, 'thưởng tháng 5'), tEn, 'en')).toBe('thưởng tháng 5');
  });

  it('should fall back to the server’s text for a description this build does not know', () => {
    const unknown = row({ key: 'somethingNew', params: {} } as unknown as TLedgerI18n, 'Something new');
    expect(both(unknown)).toEqual(['Something new', 'Something new']);
  });
});
