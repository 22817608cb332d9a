import { z } from 'zod';
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT } from '../constants.js';

export const ZId = z.string().uuid();
/** Whether a value from outside (a path segment, a header, a provider's field) is an id the database accepts. */
export const isUuid = (v: string): boolean => ZId.safeParse(v).success;

/*
 * Every `from`/`to` query parameter (docs/wire-contract.md): a date (YYYY-MM-DD, a UTC day, that
 * whole day included) or an ISO date-time with an offset. Each parses to the one form its
 * endpoint computes with, so the services see a single spelling.
 */
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const ZDateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
const isDay = (v: string) => DAY_RE.test(v);

/** `from`/`to` of a range of UTC days: the UTC day (YYYY-MM-DD) the value falls on. */
export const ZDayBound = ZDateOrDateTime.transform((v) => (isDay(v) ? v : new Date(v).toISOString().slice(0, 10)));
/** `from` of a range of instants (ISO, UTC): a date starts at that UTC day's midnight. */
export const ZInstantFrom = ZDateOrDateTime.transform((v) =>
  isDay(v) ? `${v}T00:00:00.000Z` : new Date(v).toISOString(),
);
/** `to` of a range of instants, excluded (ISO, UTC): a date ends at the next UTC midnight, so the day is included. */
export const ZInstantTo = ZDateOrDateTime.transform((v) =>
  new Date(isDay(v) ? Date.parse(`${v}T00:00:00.000Z`) + DAY_MS : Date.parse(v)).toISOString(),
);

/**
 * A settings PUT body that takes back what its GET answered (docs/wire-contract.md): the GET's
 * `readOnly` fields are accepted and dropped, any other unknown field is refused.
 */
export function zEchoable<T extends z.ZodRawShape, K extends string>(editable: z.ZodObject<T>, readOnly: readonly K[]) {
  const ignored = Object.fromEntries(readOnly.map((k) => [k, z.unknown().optional()])) as Record<
    K,
    z.ZodOptional<z.ZodUnknown>
  >;
  return editable
    .extend(ignored)
    .strict()
    .transform((body) => {
      const kept: Record<string, unknown> = { ...body };
      for (const k of readOnly) {
        delete kept[k];
      }
      return kept as z.output<typeof editable>;
    });
}

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
export const ZAdminUserScopedListQuery = ZListQuery.extend({ userId: ZId.optional() });
