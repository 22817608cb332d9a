import type { TPage } from '@proxy/contract';

export function toPage<T>(items: T[], total: number, page: number, limit: number): TPage<T> {
  return { items, total, page, limit, totalPage: Math.ceil(total / limit) };
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

/**
 * The ordered rows of a list, read a page at a time: a select, which takes its `limit` and
 * `offset` here, or a raw statement that puts them in itself.
 */
export type ListRows<T> =
  | { limit(limit: number): { offset(offset: number): PromiseLike<T[]> } }
  | ((limit: number, offset: number) => PromiseLike<T[]>);

/**
 * A page of a list and how many rows the whole list has, read side by side; `count` counts the
 * list under the same filters (`n`: a raw statement's count comes as a string).
 */
export async function pagedSelect<T>(
  rows: ListRows<T>,
  count: PromiseLike<readonly { n: number | string }[]>,
  page: number,
  limit: number,
): Promise<TPage<T>> {
  const offset = offsetOf(page, limit);
  const [items, totals] = await Promise.all([
    typeof rows === 'function' ? rows(limit, offset) : rows.limit(limit).offset(offset),
    count,
  ]);
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
