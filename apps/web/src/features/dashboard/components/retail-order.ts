import {
  discountPercent,
  PERIOD_UNITS,
  PROTOCOLS,
  quote,
  ZBuyRetailRequest,
  ZPeriod,
  type DiscountTier,
  type PeriodUnit,
  type Quote,
  type TBuyRetailRequest,
  type TRetailPrice,
} from '@proxy/contract';
import { z } from 'zod';

export type Protocol = (typeof PROTOCOLS)[number];

/** The buy form's values: the request of POST buy-retail, flattened for the inputs. */
export interface RetailOrderValues {
  country: string;
  unit: PeriodUnit;
  value: number;
  quantity: number;
  protocol: Protocol;
  autoRenew: boolean;
}

/** Client messages of the buy form (dashboard.purchase.errors.*). */
export type RetailOrderProblem =
  'countryRequired' | 'unitUnavailable' | 'periodInvalid' | 'quantityMin' | 'quantityStep' | 'quantityMax';

/** The period units a country is sold by, in the order hour, day, week, month. */
export function unitsFor(rows: readonly TRetailPrice[], country: string): PeriodUnit[] {
  const sold = new Set(rows.filter((r) => r.country === country).map((r) => r.unit));
  return PERIOD_UNITS.filter((unit) => sold.has(unit));
}

export function retailRowFor(
  rows: readonly TRetailPrice[],
  country: string,
  unit: PeriodUnit,
): TRetailPrice | undefined {
  return rows.find((r) => r.country === country && r.unit === unit);
}

/** The unit to preselect: the current one if still sold, else a day, else the first one sold. */
export function preferredUnit(units: readonly PeriodUnit[], current?: PeriodUnit): PeriodUnit | undefined {
  if (current && units.includes(current)) {
    return current;
  }
  return units.includes('day') ? 'day' : units[0];
}

/**
 * docs/product-rules.md#purchases, as the server checks it: a period of 1–1000 units, a quantity of at least 1, a
 * multiple of the row's step (e.g. 50) and at most its maximum. Messages are RetailOrderProblem keys.
 */
export function retailOrderSchema(row: Pick<TRetailPrice, 'quantityStep' | 'maxQuantity'> | undefined) {
  return z
    .object({
      country: z.string().min(1, 'countryRequired'),
      unit: z.enum(PERIOD_UNITS),
      value: z.number({ error: 'periodInvalid' }).refine((v) => ZPeriod.shape.value.safeParse(v).success, {
        message: 'periodInvalid',
      }),
      quantity: z
        .number({ error: 'quantityMin' })
        .refine((q) => Number.isInteger(q) && q >= 1, { message: 'quantityMin' })
        .refine((q) => !row || q % row.quantityStep === 0, { message: 'quantityStep' })
        .refine((q) => !row || q <= row.maxQuantity, { message: 'quantityMax' }),
      protocol: z.enum(PROTOCOLS),
      autoRenew: z.boolean(),
    })
    .refine((v) => v.country === '' || row !== undefined, { path: ['unit'], message: 'unitUnavailable' });
}

/** The first problem of the form, in the order the fields appear; null when it can be sent. */
export function retailOrderProblem(
  values: RetailOrderValues,
  row: Pick<TRetailPrice, 'quantityStep' | 'maxQuantity'> | undefined,
): RetailOrderProblem | null {
  const parsed = retailOrderSchema(row).safeParse(values);
  if (parsed.success) {
    return null;
  }
  const order = ['country', 'unit', 'value', 'quantity'];
  const issues = [...parsed.error.issues].sort(
    (a, b) => order.indexOf(String(a.path[0])) - order.indexOf(String(b.path[0])),
  );
  return (issues[0]?.message as RetailOrderProblem | undefined) ?? 'quantityMin';
}

export function toBuyRetailRequest(values: RetailOrderValues): TBuyRetailRequest {
  return ZBuyRetailRequest.parse({
    country: values.country,
    quantity: values.quantity,
    period: { unit: values.unit, value: values.value },
    protocol: values.protocol,
    autoRenew: values.autoRenew,
  });
}

export interface RetailQuote extends Quote {
  unitPrice: number;
  discountPercent: number;
}

/**
 * The live price, with the server's own calculation (contract `quote` and `discountPercent`).
 * Null while the inputs cannot be priced.
 */
export function retailQuote(
  row: Pick<TRetailPrice, 'price'> | undefined,
  values: Pick<RetailOrderValues, 'unit' | 'value' | 'quantity'>,
  tiers: readonly DiscountTier[],
): RetailQuote | null {
  if (!row || !Number.isInteger(values.value) || values.value < 1 || !Number.isInteger(values.quantity)) {
    return null;
  }
  if (values.quantity < 1) {
    return null;
  }
  const pct = discountPercent(tiers, values.quantity);
  const q = quote({
    unitPrice: row.price,
    period: { unit: values.unit, value: values.value },
    quantity: values.quantity,
    discountPercent: pct,
  });
  return { ...q, unitPrice: row.price, discountPercent: pct };
}
