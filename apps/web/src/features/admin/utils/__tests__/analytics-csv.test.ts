import { describe, expect, it } from 'vitest';
import { revenueCsv, toCsv } from '../analytics-csv';

describe('toCsv', () => {
  it('should quote cells with commas, quotes or line breaks', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          [1, null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n1,\r\n');
  });

  it('should give one revenue row per day with every method', () => {
    const csv = revenueCsv([
      {
        date: '2026-03-10',
        revenue: 450000,
        topups: { bank: 1, paypal: 2, card: 3, momo: 4, perfectmoney: 5, usdt: 6, bytepay: 7, tazapay: 8 },
        newUsers: 0,
        orders: 0,
        proxiesSold: 0,
        renewals: 0,
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe('2026-03-10,450000,1,2,3,4,5,6,7,8');
  });
});
