import { describe, expect, it } from 'vitest';
import { lastDays, validRange } from '../day-range';

describe('day ranges', () => {
  it('should count the last days with both ends included', () => {
    const now = Date.parse('2027-03-10T12:00:00Z');
    expect(lastDays(1, now)).toEqual({ from: '2027-03-10', to: '2027-03-10' });
    expect(lastDays(30, now)).toEqual({ from: '2027-02-09', to: '2027-03-10' });
  });

  it("should end on today in the site's time zone", () => {
    const late = Date.parse('2027-03-10T23:30:00Z');
    expect(lastDays(1, late, 'Asia/Ho_Chi_Minh')).toEqual({ from: '2027-03-11', to: '2027-03-11' });
    expect(lastDays(7, late, 'UTC')).toEqual({ from: '2027-03-04', to: '2027-03-10' });
  });

  it('should accept only ranges the margin call accepts', () => {
    expect(validRange({ from: '2027-01-01', to: '2027-01-01' })).toBe(true);
    expect(validRange({ from: '2027-01-02', to: '2027-01-01' })).toBe(false);
    expect(validRange({ from: '2026-01-01', to: '2027-01-01' })).toBe(true);
    expect(validRange({ from: '2026-01-01', to: '2027-01-02' })).toBe(false);
    expect(validRange({ from: '', to: '2027-01-02' })).toBe(false);
  });
});
