import { ROUTE_MAX_SOURCES, ROUTE_OWN } from '@proxy/contract';

/** A route's sources: `"own"` (the site's nodes) or supplier ids, tried in this order. */
export type RouteSources = readonly string[];

/** Moves the source at `from` to `to` (a drop, or one step up or down); out of range changes nothing. */
export function moveSource(sources: RouteSources, from: number, to: number): string[] {
  const list = [...sources];
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) {
    return list;
  }
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved!);
  return list;
}

/** Adds a source at the end, once; a full route (ROUTE_MAX_SOURCES) takes no more. */
export function addSource(sources: RouteSources, source: string): string[] {
  if (sources.includes(source) || sources.length >= ROUTE_MAX_SOURCES) {
    return [...sources];
  }
  return [...sources, source];
}

export function removeSource(sources: RouteSources, source: string): string[] {
  return sources.filter((s) => s !== source);
}

/** The sources not on the route yet: the own nodes first, then the suppliers in their listed order. */
export function missingSources(sources: RouteSources, supplierIds: readonly string[]): string[] {
  return [ROUTE_OWN, ...supplierIds].filter((s) => !sources.includes(s));
}

/** Whether the edited order differs from the saved one (Save is offered only then). */
export function sourcesChanged(saved: RouteSources, edited: RouteSources): boolean {
  return saved.length !== edited.length || saved.some((s, i) => s !== edited[i]);
}
