/**
 * docs/product-rules.md#formats: numbers follow the interface language. Vietnamese groups
 * thousands with dots and writes decimals with a comma (1.000.000; 3,8); English the other way
 * round (1,000,000; 3.8). Every number the panel shows goes through here.
 */
const cache = new Map<string, Intl.NumberFormat>();

function formatter(language: string, digits: number): Intl.NumberFormat {
  const key = `${language}:${digits}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'vi-VN', {
      minimumFractionDigits: 0,
      maximumFractionDigits: digits,
    });
    cache.set(key, f);
  }
  return f;
}

/** A number in `language`, with at most `digits` decimals (none by default). */
export function groupDigits(value: number, language: string, digits = 0): string {
  return formatter(language, digits).format(value);
}

/** A fixed number of decimals, e.g. dollars: 0.5 → "0.50" (en) / "0,50" (vi). */
export function fixedDigits(value: number, language: string, digits: number): string {
  const key = `${language}:fixed${digits}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'vi-VN', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    cache.set(key, f);
  }
  return f.format(value);
}
