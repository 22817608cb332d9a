import { describe, expect, it } from 'vitest';
import { GatewayState } from './state.js';
import { makeProxy } from '../../test/test-utils.js';

describe('GatewayState', () => {
  it('should diff a full snapshot against the current state', () => {
    const state = new GatewayState();
    const a = makeProxy({ id: 'a', port: 20001 });
    const b = makeProxy({ id: 'b', port: 20002 });
    expect(state.applyFull([a, b], 5)).toEqual({ added: [a, b], removed: [], updated: [] });
    expect(state.version).toBe(5);

    const a2 = { ...a, password: 'another-pass' };
    const c = makeProxy({ id: 'c', port: 20003 });
    expect(state.applyFull([a2, c], 9)).toEqual({ added: [c], removed: [b], updated: [{ before: a, after: a2 }] });
    expect(state.getByPort(20002)).toBeUndefined();
    expect(state.getByPort(20001)).toBe(a2);
    expect([...state.ports()].sort()).toEqual([20001, 20003]);
  });

  it('should report nothing for an identical upsert', () => {
    const state = new GatewayState();
    const a = makeProxy({ id: 'a', port: 20001 });
    state.applyFull([a], 1);
    expect(state.applyChange({ version: 2, upsert: { ...a, authIps: [] } })).toEqual({
      added: [],
      removed: [],
      updated: [],
    });
  });

  it('should ignore changes that are not newer', () => {
    const state = new GatewayState();
    state.applyFull([], 10);
    expect(state.applyChange({ version: 10, upsert: makeProxy({ id: 'a', port: 1 }) })).toBeNull();
    expect(state.applyChange({ version: 3, deleteId: 'a' })).toBeNull();
    expect(state.size).toBe(0);
    expect(state.applyChange({ version: 11, upsert: makeProxy({ id: 'a', port: 1 }) })?.added).toHaveLength(1);
    expect(state.applyChange({ version: 12, deleteId: 'a' })?.removed).toHaveLength(1);
    expect(state.applyChange({ version: 13, deleteId: 'a' })).toEqual({ added: [], removed: [], updated: [] });
  });

  it('should move a port and hand a doubly claimed port back when the newer claim leaves', () => {
    const state = new GatewayState();
    const a = makeProxy({ id: 'a', port: 20001 });
    state.applyFull([a], 1);
    state.applyChange({ version: 2, upsert: { ...a, port: 20005 } });
    expect(state.getByPort(20001)).toBeUndefined();
    expect(state.getByPort(20005)?.id).toBe('a');

    const b = makeProxy({ id: 'b', port: 20005 });
    state.applyChange({ version: 3, upsert: b });
    expect(state.getByPort(20005)?.id).toBe('b');
    state.applyChange({ version: 4, deleteId: 'b' });
    expect(state.getByPort(20005)?.id).toBe('a');
  });
});
