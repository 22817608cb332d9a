import { z } from 'zod';
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT } from '../constants.js';

export const ZId = z.string().uuid();

/** docs/wire-contract.md#paging: ?page=1&limit=25&search= */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  search: z.string().trim().max(200).optional().default(''),
});
export type TListQuery = z.infer<typeof ZListQuery>;

export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPage: z.number().int(),
  });
}
export interface TPage<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  totalPage: number;
}

export const ZOk = z.object({ ok: z.literal(true) });

export const ZErrorBody = z.object({
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});

/** An admin list narrowed to one customer (the customer page): `userId` of the admin's site. */
export const ZAdminUserScopedListQuery = ZListQuery.extend({ userId: z.string().uuid().optional() });
