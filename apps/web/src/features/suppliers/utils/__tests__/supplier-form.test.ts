import { SUPPLIER_SAFETY_MARGIN_MAX_HOURS } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { createBody, emptySupplierForm, endOfDayIso, linesBody, updateBody } from '../supplier-form';

const future = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
const past = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

describe('supplier form', () => {
  it('should send an API kind its key and name, and the base URL only when typed', () => {
    const values = { ...emptySupplierForm('proxy6'), name: ' Proxy6 main ', apiKey: ' k3y ' };
    expect(createBody(values)).toEqual({
      ok: true,
      body: { kind: 'proxy6', name: 'Proxy6 main', apiKey: 'k3y', safetyMarginHours: 24 },
    });
    const withUrl = createBody({ ...values, kind: 'webshare', baseUrl: 'http://127.0.0.1:9000' });
    expect(withUrl.ok && withUrl.body).toMatchObject({ kind: 'webshare', baseUrl: 'http://127.0.0.1:9000' });
  });

  it('should refuse an API kind without a key, a base URL that is no URL, and a bad margin', () => {
    const values = { ...emptySupplierForm('proxy6'), name: 'P', apiKey: 'k' };
    expect(createBody({ ...values, apiKey: '  ' })).toEqual({ ok: false, problem: 'apiKey' });
    expect(createBody({ ...values, baseUrl: 'proxy6.net' })).toEqual({ ok: false, problem: 'baseUrl' });
    expect(createBody({ ...values, name: ' ' })).toEqual({ ok: false, problem: 'name' });
    for (const bad of ['-1', '1.5', 'x', String(SUPPLIER_SAFETY_MARGIN_MAX_HOURS + 1)]) {
      expect(createBody({ ...values, safetyMarginHours: bad })).toEqual({ ok: false, problem: 'safetyMargin' });
    }
  });

  it('should let a list start empty and never send it an API key', () => {
    const result = createBody({ ...emptySupplierForm('list'), name: 'Pasted', apiKey: 'ignored' });
    expect(result).toEqual({ ok: true, body: { kind: 'list', name: 'Pasted', safetyMarginHours: 24 } });
  });

  it('should send pasted lines with their country, protocol, product, expiry and cost', () => {
    const values = {
      lines: '1.2.3.4:8080:u:p\n5.6.7.8:3128',
      country: 'vn',
      protocol: 'socks5' as const,
      product: 'v4' as const,
      expiresOn: future,
      cost: '1500',
    };
    expect(linesBody(values)).toEqual({
      ok: true,
      body: {
        lines: values.lines,
        country: 'VN',
        protocol: 'socks5',
        product: 'v4',
        expiresAt: `${future}T23:59:59.000Z`,
        cost: 1500,
      },
    });
    const noCost = linesBody({ ...values, cost: '' });
    expect(noCost.ok && 'cost' in noCost.body).toBe(false);
  });

  it('should name the first wrong field of pasted lines', () => {
    const values = {
      lines: 'x',
      country: 'US',
      protocol: 'http' as const,
      product: 'v4' as const,
      expiresOn: future,
      cost: '',
    };
    expect(linesBody({ ...values, lines: ' \n ' })).toEqual({ ok: false, problem: 'lines' });
    expect(linesBody({ ...values, country: 'USA' })).toEqual({ ok: false, problem: 'country' });
    expect(linesBody({ ...values, expiresOn: past })).toEqual({ ok: false, problem: 'expiresOn' });
    expect(linesBody({ ...values, expiresOn: '' })).toEqual({ ok: false, problem: 'expiresOn' });
    expect(linesBody({ ...values, cost: '12.5' })).toEqual({ ok: false, problem: 'cost' });
  });

  it('should read only whole YYYY-MM-DD days as the end of that UTC day', () => {
    expect(endOfDayIso('2027-02-28')).toBe('2027-02-28T23:59:59.000Z');
    expect(endOfDayIso('2027-2-28')).toBeNull();
    expect(endOfDayIso('2027-13-40')).toBeNull();
  });

  it('should send an update only what changed, and keep the stored key when the field is empty', () => {
    const current = { kind: 'proxy6' as const, name: 'P6', baseUrl: null, status: 'ok', safetyMarginHours: 24 };
    const same = { name: 'P6', baseUrl: '', apiKey: '', safetyMarginHours: '24', enabled: true };
    expect(updateBody(same, current)).toEqual({ ok: true, body: {} });
    expect(updateBody({ ...same, apiKey: 'new', enabled: false, safetyMarginHours: '48' }, current)).toEqual({
      ok: true,
      body: { apiKey: 'new', status: 'disabled', safetyMarginHours: 48 },
    });
    // A supplier the server marked "error" stays as it is while the switch stays on.
    expect(updateBody(same, { ...current, status: 'error' })).toEqual({ ok: true, body: {} });
    expect(updateBody(same, { ...current, status: 'disabled' })).toEqual({ ok: true, body: { status: 'ok' } });
    // A list has no key or base URL to send.
    expect(updateBody({ ...same, apiKey: 'x', baseUrl: 'http://a.b' }, { ...current, kind: 'list' })).toEqual({
      ok: true,
      body: {},
    });
    expect(updateBody({ ...same, safetyMarginHours: '' }, current)).toEqual({ ok: false, problem: 'safetyMargin' });
  });
});
