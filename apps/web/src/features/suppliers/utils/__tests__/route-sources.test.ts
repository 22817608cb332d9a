import { ROUTE_MAX_SOURCES, ROUTE_OWN } from '@proxy/contract';
import { describe, expect, it } from 'vitest';
import { addSource, missingSources, moveSource, removeSource, sourcesChanged } from '../route-sources';

describe('route sources', () => {
  const route = [ROUTE_OWN, 'a', 'b', 'c'];

  it('should move a source to where it was dropped, the others keeping their order', () => {
    expect(moveSource(route, 3, 0)).toEqual(['c', ROUTE_OWN, 'a', 'b']);
    expect(moveSource(route, 0, 2)).toEqual(['a', 'b', ROUTE_OWN, 'c']);
    expect(moveSource(route, 1, 2)).toEqual([ROUTE_OWN, 'b', 'a', 'c']);
  });

  it('should leave the order alone for a move out of range or onto itself', () => {
    expect(moveSource(route, 0, -1)).toEqual(route);
    expect(moveSource(route, 3, 4)).toEqual(route);
    expect(moveSource(route, 2, 2)).toEqual(route);
  });

  it('should not change the list it was given', () => {
    const copy = [...route];
    moveSource(route, 0, 3);
    addSource(route, 'd');
    removeSource(route, 'a');
    expect(route).toEqual(copy);
  });

  it('should add a source once, at the end, and no more than the route holds', () => {
    expect(addSource(route, 'd')).toEqual([...route, 'd']);
    expect(addSource(route, 'a')).toEqual(route);
    const full = Array.from({ length: ROUTE_MAX_SOURCES }, (_, i) => `s${i}`);
    expect(addSource(full, 'extra')).toEqual(full);
  });

  it('should remove a source wherever it is', () => {
    expect(removeSource(route, 'b')).toEqual([ROUTE_OWN, 'a', 'c']);
    expect(removeSource(route, ROUTE_OWN)).toEqual(['a', 'b', 'c']);
  });

  it('should offer the own nodes first, then the suppliers not on the route', () => {
    expect(missingSources(['a'], ['a', 'b', 'c'])).toEqual([ROUTE_OWN, 'b', 'c']);
    expect(missingSources(route, ['a', 'b', 'c'])).toEqual([]);
  });

  it('should tell an edited order from the saved one', () => {
    expect(sourcesChanged(route, [...route])).toBe(false);
    expect(sourcesChanged(route, moveSource(route, 0, 1))).toBe(true);
    expect(sourcesChanged(route, route.slice(1))).toBe(true);
  });
});
