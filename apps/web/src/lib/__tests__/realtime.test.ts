import { describe, expect, it } from 'vitest';
import { REALTIME_EVENTS } from '@proxy/contract';
import { eventsUrl, parseRealtimeEvent, queriesToRefresh, reconnectDelayMs, shouldShowTopup } from '../realtime';

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

describe('parseRealtimeEvent', () => {
  it('should read each event of the contract by its name', () => {
    expect(parseRealtimeEvent('topup.success', '{"id":"x","amount":5,"bonus":0,"balance":5}')).toEqual({
      type: 'topup.success',
      data: { id: 'x', amount: 5, bonus: 0, balance: 5 },
    });
    expect(parseRealtimeEvent('balance.changed', '{"balance":42}')).toEqual({
      type: 'balance.changed',
      data: { balance: 42 },
    });
    expect(parseRealtimeEvent('order.updated', '{"id":"o1","status":"expired"}')).toEqual({
      type: 'order.updated',
      data: { id: 'o1', status: 'expired' },
    });
    expect(parseRealtimeEvent('resync', '{}')).toEqual({ type: 'resync', data: {} });
  });

  it('should drop data that does not match its event, an unknown event and garbage', () => {
    expect(parseRealtimeEvent('balance.changed', '{"balance":"42"}')).toBeNull();
    expect(parseRealtimeEvent('topup.success', '{"id":"x","balance":5}')).toBeNull();
    expect(parseRealtimeEvent('order.updated', '{"id":"o1","status":"lost"}')).toBeNull();
    expect(parseRealtimeEvent('order.deleted', '{"id":"o1"}')).toBeNull();
    expect(parseRealtimeEvent('balance.changed', 'not json')).toBeNull();
    expect(parseRealtimeEvent('balance.changed', undefined)).toBeNull();
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
    expect(queriesToRefresh('resync')).toEqual(['me', 'transactions', 'topups', 'bill', 'orders', 'proxies', 'keys']);
  });

  it('should refetch the order, proxy and key lists when an order changed elsewhere', () => {
    expect(queriesToRefresh('order.updated')).toEqual(['orders', 'proxies', 'keys']);
  });

  it('should refresh the same after a top-up, and nothing for an event that carries its balance', () => {
    expect(queriesToRefresh('topup.success')).toEqual(['me', 'transactions', 'topups', 'bill']);
    expect(queriesToRefresh('balance.changed')).toEqual([]);
  });
});
