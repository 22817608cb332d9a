import { describe, expect, it } from 'vitest';
import { parseUserRef } from '../user-ref';

describe('parseUserRef', () => {
  it('should take a user id as is', () => {
    expect(parseUserRef(' 56D7DC9A-CD8F-40EB-9563-1FDDDCCF089C ')).toEqual({
      id: '56d7dc9a-cd8f-40eb-9563-1fdddccf089c',
    });
  });

  it('should take an email, lower-cased', () => {
    expect(parseUserRef('Buyer@Example.com')).toEqual({ email: 'buyer@example.com' });
  });

  it('should refuse anything else', () => {
    expect(parseUserRef('')).toBeNull();
    expect(parseUserRef('buyer')).toBeNull();
  });
});
