import { describe, expect, it } from 'vitest';
import { cooldownLeft } from './queries.js';

describe('cooldownLeft', () => {
  const now = Date.UTC(2026, 10, 29, 12, 0, 0);

  it('should count from the latest change, rounding a part second up', () => {
    const older = new Date(now - 100_000);
    const latest = new Date(now - 30_500);
    expect(cooldownLeft([older, latest, null], 120, now)).toBe(90);
  });

  it('should be over for rows never changed and at the cooldown’s exact end', () => {
    expect(cooldownLeft([null, null], 60, now)).toBeLessThanOrEqual(0);
    expect(cooldownLeft([], 60, now)).toBeLessThanOrEqual(0);
    expect(cooldownLeft([new Date(now - 60_000)], 60, now)).toBe(0);
    expect(cooldownLeft([new Date(now - 59_001)], 60, now)).toBe(1);
  });
});
