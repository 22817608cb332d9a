/**
 * docs/product-rules.md#formats: numbers follow the reader's language. Vietnamese groups
 * thousands with dots and writes decimals with a comma (1.000.000; 3,8); English the other way
 * round (1,000,000; 3.8). The web's pages and the server's mails and alerts both format here.
 */
const cache = new Map<string, Intl.NumberFormat>();

function formatter(language: string, minDigits: number, maxDigits: number): Intl.NumberFormat {
  const key = `${language}:${minDigits}:${maxDigits}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'vi-VN', {
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
    });
    cache.set(key, f);
  }
  return f;
}

/** A number in `language`, with at most `digits` decimals (none by default). */
export function groupDigits(value: number, language: string, digits = 0): string {
  return formatter(language, 0, digits).format(value);
}

/** A fixed number of decimals, e.g. dollars: 0.5 → "0.50" (en) / "0,50" (vi). */
export function fixedDigits(value: number, language: string, digits: number): string {
  return formatter(language, digits, digits).format(value);
}

/** Coins with their unit, for texts without i18next (mails, alerts): "1.000.000 Xu", "1,000,000 coins", "1 coin". */
export function formatCoinsIn(coins: number, language: string): string {
  const unit = language === 'en' ? (Math.abs(coins) === 1 ? 'coin' : 'coins') : 'Xu';
  return `${groupDigits(coins, language)} ${unit}`;
}
