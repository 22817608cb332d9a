import { describe, expect, it } from 'vitest';
import { REALTIME_EVENTS } from '@proxy/contract';
import {
  eventsUrl,
  parseBalanceChanged,
  parseTopupSuccess,
  queriesToRefresh,
  reconnectDelayMs,
  shouldShowTopup,
} from '../realtime';

describe('shouldShowTopup', () => {
  it('should show a top-up with an amount that was not shown before', () => {
    expect(shouldShowTopup({ id: 'a', amount: 200_000 }, null)).toBe(true);
    expect(shouldShowTopup({ id: 'b', amount: 200_000 }, 'a')).toBe(true);
  });

  it('should not show the top-up that was shown last', () => {
    expect(shouldShowTopup({ id: 'a', amount: 200_000 }, 'a')).toBe(false);
  });

  it('should not show a record without an amount', () => {
    expect(shouldShowTopup({ id: 'a' }, null)).toBe(false);
    expect(shouldShowTopup({ id: 'a', amount: 0 }, null)).toBe(false);
  });

  it('should not show a record without an id', () => {
    expect(shouldShowTopup({ id: '', amount: 10 }, null)).toBe(false);
  });
});

describe('parseTopupSuccess', () => {
  it('should read a complete event', () => {
    expect(parseTopupSuccess('{"id":"x","amount":5,"bonus":0,"balance":5}')).toEqual({
      id: 'x',
      amount: 5,
      bonus: 0,
      balance: 5,
    });
  });

  it('should keep an event without an amount, so the rule can skip it', () => {
    expect(parseTopupSuccess('{"id":"x","balance":5}')).toEqual({ id: 'x', balance: 5 });
  });

  it('should give an empty id for garbage', () => {
    expect(parseTopupSuccess('not json').id).toBe('');
    expect(parseTopupSuccess(undefined).id).toBe('');
  });
});

describe('parseBalanceChanged', () => {
  it('should read the balance', () => {
    expect(parseBalanceChanged('{"balance":42}')).toEqual({ balance: 42 });
    expect(parseBalanceChanged('{"balance":"42"}')).toBeNull();
  });
});

describe('eventsUrl', () => {
  it('should put the token in the query, encoded', () => {
    expect(eventsUrl('a.b+c')).toBe('/api/events?access_token=a.b%2Bc');
  });
});

describe('reconnectDelayMs', () => {
  it('should back off exponentially up to 30 s', () => {
    expect(reconnectDelayMs(1)).toBe(1000);
    expect(reconnectDelayMs(3)).toBe(4000);
    expect(reconnectDelayMs(20)).toBe(30_000);
  });
});

describe('queriesToRefresh', () => {
  it('should refetch the balance and the money lists on resync, when the server may have lost events', () => {
    expect(REALTIME_EVENTS).toContain('resync');
    expect(queriesToRefresh('resync')).toEqual(['me', 'transactions', 'topups', 'bill']);
  });

  it('should refresh the same after a top-up, and nothing for an event that carries its balance', () => {
    expect(queriesToRefresh('topup.success')).toEqual(['me', 'transactions', 'topups', 'bill']);
    expect(queriesToRefresh('balance.changed')).toEqual([]);
  });
});
