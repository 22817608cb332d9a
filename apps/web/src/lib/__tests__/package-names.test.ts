import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { orderPackageName } from '../catalog/package-name';
import { orderLogNote } from '../note-text';

const t = ((key: string) => key) as unknown as TFunction;

describe('an order’s package in the reader’s language', () => {
  it('should show the English name as bought to English readers, the name otherwise', () => {
    const order = { packageName: 'Key 1 ngày', packageNameEng: 'Key 1 day' };
    expect(orderPackageName(order, 'en')).toBe('Key 1 day');
    expect(orderPackageName(order, 'vi')).toBe('Key 1 ngày');
    expect(orderPackageName({ packageName: 'Gói nhóm', packageNameEng: null }, 'en')).toBe('Gói nhóm');
    expect(orderPackageName({ packageName: null, packageNameEng: null }, 'en')).toBe('');
  });

  it('should name the package of a purchase’s history row the same way', () => {
    const log = {
      note: 'Key 1 ngày',
      noteI18n: { key: 'package' as const, params: { name: 'Key 1 ngày', nameEng: 'Key 1 day' } },
    };
    expect(orderLogNote(log, t, 'en')).toBe('Key 1 day');
    expect(orderLogNote(log, t, 'vi')).toBe('Key 1 ngày');
    // A row written before the English name was kept.
    expect(orderLogNote({ note: 'Key 1 ngày', noteI18n: null }, t, 'en')).toBe('Key 1 ngày');
  });
});
