import { describe, expect, it } from 'vitest';
import { addDays, dayIn, dayStartIn, monthStartDay } from './zoned-days.js';
import { isTimeZone } from './schemas/site.js';

describe('days in a time zone', () => {
  it('should put 23:30 UTC on the next day in Ho Chi Minh and on the same day in UTC', () => {
    const at = new Date('2026-03-10T23:30:00Z');
    expect(dayIn(at, 'Asia/Ho_Chi_Minh')).toBe('2026-03-11');
    expect(dayIn(at, 'UTC')).toBe('2026-03-10');
    expect(dayIn(new Date('2026-03-10T16:59:59Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-03-10');
  });

  it("should start a day at the zone's midnight, across a daylight saving change", () => {
    expect(dayStartIn('2026-03-11', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-03-10T17:00:00.000Z');
    expect(dayStartIn('2026-03-11', 'UTC').toISOString()).toBe('2026-03-11T00:00:00.000Z');
    // New York moves to UTC-4 on 8 March 2026 at 02:00: that day starts at UTC-5, the next at UTC-4.
    expect(dayStartIn('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStartIn('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('should move by calendar days and months', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(monthStartDay('2026-03-31')).toBe('2026-03-01');
    expect(monthStartDay('2026-01-15', -1)).toBe('2025-12-01');
  });

  it('should take IANA names Intl knows and refuse the rest', () => {
    for (const zone of ['Asia/Ho_Chi_Minh', 'Asia/Saigon', 'UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['', 'Mars/Olympus', '+07:00', 'Asia/Ho Chi Minh', 'asia', "UTC'; drop"]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });
});
