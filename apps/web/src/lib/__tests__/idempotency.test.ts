import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../idempotency';

describe('newIdempotencyKey', () => {
  it('should make a random UUID v4 each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
