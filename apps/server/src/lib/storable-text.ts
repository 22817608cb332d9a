/**
 * Text PostgreSQL can store. It refuses NUL in text and jsonb, and jsonb refuses a lone UTF-16
 * surrogate (JSON.stringify writes it as a "\ud800" escape). Input a person typed is refused
 * instead; what a machine sends us and must not be lost (a bank transfer) is kept with those
 * characters replaced by U+FFFD.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function storableText(s: string): string {
  return s.replace(LONE_SURROGATE, '\uFFFD').replaceAll('\0', '\uFFFD');
}

/**
 * storableText on every string of a parsed JSON value, keys included. Recursive: only for values
 * whose depth is already bounded (schema-validated, or parsed under the JSON depth cap).
 */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') {
    return storableText(value) as T;
  }
  if (Array.isArray(value)) {
    return value.map(storableJson) as T;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableJson(v)])) as T;
  }
  return value;
}
