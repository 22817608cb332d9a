import { describe, expect, it } from 'vitest';
import { buildVietQr, crc16ccitt } from './vietqr.js';

describe('VietQR payload', () => {
  it('should build the public dynamic vector (amount and content)', () => {
    expect(buildVietQr({ bin: '970416', accountNumber: '257678859', amount: 10000, content: 'Chuyen tien' })).toBe(
      '00020101021238530010A0000007270123000697041601092576788590208QRIBFTTA53037045405100005802VN62150811Chuyen tien630453E6',
    );
  });

  it('should build the public static vector (no amount, no content)', () => {
    expect(buildVietQr({ bin: '970416', accountNumber: '257678859' })).toBe(
      '00020101021138530010A0000007270123000697041601092576788590208QRIBFTTA53037045802VN6304AE9F',
    );
  });

  it('should compute CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });

  it('should carry a codeBill as the content of a static QR', () => {
    const qr = buildVietQr({ bin: '970436', accountNumber: '0011001234567', content: 'NAP7KQ2MX' });
    expect(qr).toContain('010211');
    expect(qr).toContain('62130809NAP7KQ2MX');
    expect(qr.slice(-4)).toBe(crc16ccitt(qr.slice(0, -4)));
  });
});
