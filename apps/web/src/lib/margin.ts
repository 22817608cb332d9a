/**
 * Margin as a share of revenue, in whole percent (rounded toward zero so a thin margin does not
 * read as more); null without revenue, where a share means nothing.
 */
export function marginPercent(revenue: number, margin: number): number | null {
  if (revenue <= 0) {
    return null;
  }
  return Math.trunc((margin * 100) / revenue);
}
