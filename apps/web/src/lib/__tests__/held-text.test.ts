import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@proxy/contract';
import { heldReasonText } from '../note-text';
import { i18nIn } from './i18n-in';

let tVi: TFunction;
let tEn: TFunction;
beforeAll(async () => {
  tVi = (await i18nIn('vi')).t;
  tEn = (await i18nIn('en')).t;
});

describe('heldReasonText', () => {
  it('should name when an admin credited the top-up a held transfer may repeat, in the reader’s language', () => {
    const at = '2026-11-28T10:00:00.000Z';
    const row = {
      heldReason: `an admin already marked top-up x paid (${at}): the same transfer, or a second one?`,
      heldReasonI18n: { key: 'markedPaid' as const, params: { at } },
    };
    expect(heldReasonText(row, tVi)).toBe(
      `Quản trị viên đã xác nhận một lần nạp cùng số tiền (${formatDateTime(at)}): cùng giao dịch này, hay một lần chuyển thứ hai?`,
    );
    expect(heldReasonText(row, tEn)).toBe(
      `An admin already marked a top-up of this amount paid (${formatDateTime(at)}): the same transfer, or a second one?`,
    );
  });
});
