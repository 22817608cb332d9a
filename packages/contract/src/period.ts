/** docs/money.md#periods: 1 week = 7 days, 1 month = 31 days, 12 months = 365 days. */
export const PERIOD_UNITS = ['hour', 'day', 'week', 'month'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];
export interface Period {
  unit: PeriodUnit;
  value: number;
}

/** Length of a period in hours. Whole years of months use 365 days per 12 months. */
export function periodToHours(p: Period): number {
  switch (p.unit) {
    case 'hour':
      return p.value;
    case 'day':
      return p.value * 24;
    case 'week':
      return p.value * 7 * 24;
    case 'month': {
      const years = Math.floor(p.value / 12);
      const rest = p.value % 12;
      return (years * 365 + rest * 31) * 24;
    }
  }
}

export function periodToDays(p: Period): number {
  return periodToHours(p) / 24;
}
