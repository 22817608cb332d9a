import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { createErrorTranslator, type ErrorTranslator } from '../error-message';
import { i18nIn } from './i18n-in';

const translatorIn = async (lng: 'vi' | 'en'): Promise<ErrorTranslator> => createErrorTranslator(await i18nIn(lng));

describe('createErrorTranslator', () => {
  let enText: ErrorTranslator;
  let viText: ErrorTranslator;
  beforeEach(async () => {
    enText = await translatorIn('en');
    viText = await translatorIn('vi');
  });

  it('should look a known code up in the server-response table', () => {
    expect(enText(new ApiError('WRONG_PASSWORD', 400))).toBe('Wrong password');
    expect(viText(new ApiError('WRONG_PASSWORD', 400))).toBe('Mật khẩu không chính xác');
  });

  it('should put remainTime into GET_IP_TOO_FAST', () => {
    expect(enText(new ApiError('GET_IP_TOO_FAST', 429, { remainTime: 42 }))).toBe(
      'Get ip too fast, recreate later 42s',
    );
  });

  it("should add the site's maintenance notice in the reader's language, and only to MAINTENANCE", () => {
    const notice = { message: 'Nâng cấp máy chủ', messageEng: 'Server upgrade', until: null };
    expect(enText(new ApiError('MAINTENANCE', 503, notice))).toBe(
      'The site is under maintenance: buying, renewing and top-ups are paused for now. Server upgrade',
    );
    expect(viText(new ApiError('MAINTENANCE', 503, notice))).toBe(
      'Hệ thống đang bảo trì: tạm ngưng mua, gia hạn và nạp tiền. Nâng cấp máy chủ',
    );
    expect(enText(new ApiError('MAINTENANCE', 503))).toBe(
      'The site is under maintenance: buying, renewing and top-ups are paused for now',
    );
    expect(enText(new ApiError('TOO_MANY_REQUEST', 429, { remainTime: 7 }))).toBe('Too many requests, try again in 7s');
  });

  it('should say an IP change found no free address when NOT_ENOUGT_PROXY carries that reason', () => {
    const noFree = new ApiError('NOT_ENOUGT_PROXY', 409, { reason: 'noFreeAddress', available: 0 });
    expect(enText(noFree)).toBe(
      "This country's IP pool has no free address to change to. Please try again later or contact support",
    );
    expect(viText(noFree)).toBe(
      'Kho IP của quốc gia này không còn địa chỉ trống để đổi sang. Vui lòng thử lại sau hoặc liên hệ hỗ trợ',
    );
    // Without a reason the code keeps its own text (a purchase short of stock).
    expect(enText(new ApiError('NOT_ENOUGT_PROXY', 409, { available: 0 }))).toBe(
      'Not enough proxies, please lower the quantity',
    );
  });

  it('should say a supplier refused when ADMIN_ERROR carries that reason, in both languages', () => {
    const refused = new ApiError('ADMIN_ERROR', 400, {
      reason: 'supplierRefused',
      supplierMessage: 'P6: Error no money',
    });
    expect(enText(refused)).toBe(
      "The supplier refused to prolong the upstream proxy; nothing was extended. See the supplier's history",
    );
    expect(viText(refused)).toBe(
      'Nhà cung cấp từ chối gia hạn proxy gốc, chưa gia hạn gì. Xem lịch sử của nhà cung cấp',
    );
    // Another reason keeps the code's own text.
    expect(enText(new ApiError('ADMIN_ERROR', 400, { reason: 'the proxy checker has no echo target' }))).toBe(
      'Out of proxy credits, please contact the administrator',
    );
  });

  it('should show INVALID_TOKEN only the first time', () => {
    expect(enText(new ApiError('INVALID_TOKEN', 401))).toBe('Invalid session, please sign in again');
    expect(enText(new ApiError('INVALID_TOKEN', 401))).toBeNull();
  });

  it('should show a message about time as is in Vietnamese and as a missing transaction in English', () => {
    const raw = 'Giao dịch đã hết thời gian thanh toán';
    expect(viText(new ApiError(raw, 400))).toBe(raw);
    expect(enText(new ApiError(raw, 400))).toBe('Transaction Does Not Exists');
  });

  it('should ask to contact the admin for an unknown code or no message', () => {
    expect(enText(new ApiError('SOMETHING_NEW', 400))).toBe('Please contact system admin');
    expect(enText(new ApiError('', 0))).toBe('Please contact system admin');
    expect(enText(new Error('boom'))).toBe('Please contact system admin');
  });
});
