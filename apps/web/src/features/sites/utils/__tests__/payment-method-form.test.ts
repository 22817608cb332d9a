import type { TPaymentMethodConfigView } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { fieldsOfIssues, initialMethodForm, invalidMethodFields, methodUpdateBody } from '../payment-method-form';

const bank: TPaymentMethodConfigView = {
  method: 'bank',
  enabled: true,
  values: { bankName: 'ACB', bin: '970416', accountNumber: '123', accountName: 'SHOP' },
  secretsSet: { webhookKey: true },
  webhookUrl: 'https://panel.example/api/webhook/bank',
};

describe('methodUpdateBody', () => {
  it('should send nothing when nothing changed', () => {
    expect(methodUpdateBody(bank, initialMethodForm(bank))).toEqual({});
  });

  it('should send a changed value, and null for an emptied one', () => {
    const form = initialMethodForm(bank);
    form.values.bankName = ' VCB ';
    form.values.accountName = '';
    expect(methodUpdateBody(bank, form)).toEqual({ bankName: 'VCB', accountName: null });
  });

  it('should set a typed secret, clear a removed one and keep an untouched one', () => {
    const form = initialMethodForm(bank);
    form.secrets.webhookKey = 'a-new-key-123';
    expect(methodUpdateBody(bank, form)).toEqual({ webhookKey: 'a-new-key-123' });
    form.clear.webhookKey = true;
    expect(methodUpdateBody(bank, form)).toEqual({ webhookKey: null });
  });
});

describe('the bank simulator', () => {
  it('should start from empty fields and send every value typed', () => {
    const form = initialMethodForm(bank, true);
    expect(form.values.bankName).toBe('');
    form.values.bankName = 'ACB';
    form.values.bin = '970416';
    form.values.accountNumber = '123';
    expect(methodUpdateBody(bank, form, true)).toEqual({ bankName: 'ACB', bin: '970416', accountNumber: '123' });
  });
});

describe('invalidMethodFields', () => {
  it("should name the fields the contract's schema refuses", () => {
    expect(invalidMethodFields('bank', { bin: '12' })).toEqual(['bin']);
    expect(invalidMethodFields('paypal', { baseUrl: 'ftp://x' })).toEqual(['baseUrl']);
    expect(invalidMethodFields('bank', { bin: '970416', accountName: null })).toEqual([]);
  });
});

describe('fieldsOfIssues', () => {
  it('should read the fields of a VALIDATION_ERROR', () => {
    const issues = [
      { path: 'body.clientId', message: 'Required' },
      { path: 'body.clientSecret', message: 'Required' },
    ];
    expect(fieldsOfIssues({ issues })).toEqual(['clientId', 'clientSecret']);
    expect(fieldsOfIssues({ issues: [{ path: ['body', 'x'], message: 'Required' }] })).toEqual([]);
    expect(fieldsOfIssues(undefined)).toEqual([]);
  });
});
