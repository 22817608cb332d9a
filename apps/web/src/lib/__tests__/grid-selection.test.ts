import { describe, expect, it } from 'vitest';
import { selectedRowIds } from '../grid-selection';

describe('selectedRowIds', () => {
  it('should answer the included ids', () => {
    expect(selectedRowIds({ type: 'include', ids: new Set(['a', 'c']) }, ['a', 'b', 'c'])).toEqual(['a', 'c']);
  });

  it('should answer the rows of the page but the excluded ones after "select all"', () => {
    expect(selectedRowIds({ type: 'exclude', ids: new Set(['b']) }, ['a', 'b', 'c'])).toEqual(['a', 'c']);
  });
});
