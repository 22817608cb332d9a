import type { TPage } from '@proxy/contract';

export function toPage<T>(items: T[], total: number, page: number, limit: number): TPage<T> {
  return { items, total, page, limit, totalPage: Math.ceil(total / limit) };
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

/**
 * A page of a list and how many rows the whole list has, read side by side: `rows` reads the
 * ordered list's rows at `limit` and `offset`, `count` counts the list under the same filters
 * (`n`: a raw statement's count comes as a string).
 */
export async function pagedSelect<T>(
  rows: (limit: number, offset: number) => PromiseLike<T[]>,
  count: PromiseLike<readonly { n: number | string }[]>,
  page: number,
  limit: number,
): Promise<TPage<T>> {
  const [items, totals] = await Promise.all([rows(limit, offsetOf(page, limit)), count]);
  return toPage(items, Number(totals[0]?.n ?? 0), page, limit);
}

/** The page with each of its items mapped. */
export function mapPage<T, U>(p: TPage<T>, map: (item: T) => U): TPage<U> {
  return { ...p, items: p.items.map(map) };
}

/** Escapes LIKE wildcards so a search string matches literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
