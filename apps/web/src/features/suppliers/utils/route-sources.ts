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

/** What a route save needs to know of a supplier to tell whether its counted stock went stale. */
export interface StockHolder {
  id: string;
  kind: string;
  stock: readonly { product: string; country: string }[];
}

/**
 * The Proxy6 suppliers whose stock a route save made stale: Proxy6 counts stock only for the
 * product and country pairs routed to it (its calls are rate-limited), so one newly on the route
 * has no count for it yet, and one taken off still shows the old count. Pools count every proxy
 * they hold whatever the routes say.
 */
export function staleStockAfterRoute(
  route: { product: string; country: string; sources: RouteSources },
  suppliers: readonly StockHolder[],
): string[] {
  return suppliers
    .filter((s) => s.kind === 'proxy6')
    .filter((s) => {
      const counted = s.stock.some((x) => x.product === route.product && x.country === route.country);
      return route.sources.includes(s.id) !== counted;
    })
    .map((s) => s.id);
}
