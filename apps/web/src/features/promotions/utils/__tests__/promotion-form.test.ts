import { describe, expect, it } from 'vitest';
import { draftOf, promotionState, requestOf } from '../promotion-form';

describe('requestOf', () => {
  it('should accept the default draft with a name', () => {
    const r = requestOf({ ...draftOf(null), name: 'Tết' });
    expect('body' in r && r.body.tiers).toEqual([
      { minAmount: 1_000_000, percent: 10 },
      { minAmount: 5_000_000, percent: 15 },
    ]);
  });

  it('should refuse descending tiers, a percent above 100 and an end before the start', () => {
    const d = { ...draftOf(null), name: 'x' };
    expect(requestOf({ ...d, tiers: [d.tiers[1]!, d.tiers[0]!] })).toEqual({ problem: 'tiers' });
    expect(requestOf({ ...d, tiers: [{ minAmount: '10', percent: '101' }] })).toEqual({ problem: 'tiers' });
    expect(requestOf({ ...d, startsAt: '2026-02-01T00:00', endsAt: '2026-01-01T00:00' })).toEqual({ problem: 'dates' });
    expect(requestOf({ ...d, name: ' ' })).toEqual({ problem: 'name' });
  });
});

describe('promotionState', () => {
  const base = {
    id: '1',
    name: 'x',
    tiers: [],
    createdAt: '',
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: null,
    active: true,
  };
  it('should tell running, scheduled, ended and stopped apart', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(promotionState(base, now)).toBe('running');
    expect(promotionState({ ...base, startsAt: '2026-07-01T00:00:00Z' }, now)).toBe('scheduled');
    expect(promotionState({ ...base, endsAt: '2026-05-01T00:00:00Z' }, now)).toBe('ended');
    expect(promotionState({ ...base, active: false }, now)).toBe('stopped');
  });
});
