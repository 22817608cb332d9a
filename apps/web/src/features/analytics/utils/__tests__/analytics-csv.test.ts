import { describe, expect, it } from 'vitest';
import { marginCsv, revenueCsv, toCsv } from '../analytics-csv';

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

describe('marginCsv', () => {
  it('should give the days, then the countries, in whole coins', () => {
    const csv = marginCsv({
      daily: [
        { day: '2026-03-10', revenue: 5000, cost: 1500, margin: 3500 },
        { day: '2026-03-11', revenue: 0, cost: 300, margin: -300 },
      ],
      byCountry: [{ product: 'v4', country: 'MT', revenue: 5000, cost: 1800, margin: 3200 }],
    });
    expect(csv.split('\r\n')).toEqual([
      'date,revenue,cost,margin',
      '2026-03-10,5000,1500,3500',
      '2026-03-11,0,300,-300',
      '',
      'product,country,revenue,cost,margin',
      'v4,MT,5000,1800,3200',
      '',
    ]);
  });
});
