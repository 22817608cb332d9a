import { ERROR_CODES, PAYMENT_METHODS, TOPUP_STATUSES, TRANSACTION_TYPES } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { en } from '@/locales/en';
import { vi } from '@/locales/vi';
import { topupStatusLabel } from '@/components/status-chip';

/** Every key path of a nested object of strings, e.g. "topup.bank.content". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) {
    return [prefix];
  }
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it('should give English every Vietnamese key and no other', () => {
    expect(keyPaths(en).sort()).toEqual(keyPaths(vi).sort());
  });

  it('should have no empty text', () => {
    // Walked, not looked up by path: some keys hold a dot themselves (audit actions such as "order.buy").
    const texts = (value: unknown, prefix: string): [string, unknown][] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, child]) => texts(child, `${prefix}.${key}`))
        : [[prefix, value]];
    for (const locale of [vi, en]) {
      for (const [path, text] of texts(locale, '')) {
        expect(text, path).toMatch(/\S/);
      }
    }
  });

  it('should name every transaction type, payment method and top-up status of the contract', () => {
    for (const locale of [vi, en]) {
      for (const type of TRANSACTION_TYPES) {
        expect(locale.common.transactionType[type], type).toBeTruthy();
      }
      for (const method of PAYMENT_METHODS) {
        expect(locale.common.paymentMethod[method], method).toBeTruthy();
      }
      for (const status of TOPUP_STATUSES) {
        expect(locale.common.topupStatus[topupStatusLabel(status)], status).toBeTruthy();
      }
      for (const code of ERROR_CODES) {
        expect(locale.errors[code], code).toBeTruthy();
      }
    }
  });
});
