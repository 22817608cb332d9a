import { describe, expect, it } from 'vitest';
import { renderAlert } from './messages.js';

describe('alert texts', () => {
  it("should write amounts in the reader's language, with the English plural", () => {
    const topup = { amount: 1_000_000, bonus: 1, balance: 1_000_001 };
    expect(renderAlert('topup.success', topup, 'vi')).toEqual({
      subject: 'Nạp tiền thành công: 1.000.000 Xu',
      text: 'Đã cộng 1.000.000 Xu (thưởng 1 Xu). Số dư: 1.000.001 Xu.',
    });
    expect(renderAlert('topup.success', topup, 'en')).toEqual({
      subject: 'Top-up credited: 1,000,000 coins',
      text: '1,000,000 coins credited (bonus 1 coin). Balance: 1,000,001 coins.',
    });
    expect(renderAlert('balance.low', { balance: 1, threshold: 5_000 }, 'en').subject).toBe('Low balance: 1 coin');
  });
});
