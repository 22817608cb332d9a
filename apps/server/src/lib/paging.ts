import type { TPage } from '@proxy/contract';

export function toPage<T>(items: T[], total: number, page: number, limit: number): TPage<T> {
  return { items, total, page, limit, totalPage: Math.ceil(total / limit) };
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

/** Escapes LIKE wildcards so a search string matches literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
