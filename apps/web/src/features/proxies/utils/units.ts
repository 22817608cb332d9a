import { PERIOD_UNITS, type PeriodUnit, type TRetailPrice } from '@proxy/contract';

/** The period units every one of these countries is sold by (a renewal applies one period to all). */
export function unitsFor(rows: readonly TRetailPrice[], units: readonly { country: string }[]): PeriodUnit[] {
  const countries = new Set(units.map((u) => u.country));
  return PERIOD_UNITS.filter((unit) =>
    [...countries].every((country) => rows.some((r) => r.country === country && r.unit === unit)),
  );
}
