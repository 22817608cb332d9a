/**
 * Tiny readers of untrusted JSON for the first load, so that neither classic zod nor zod/mini
 * (about 20 KB gzip of zod's core) is in the login page's first download. Each reader returns the
 * value as the matching zod schema would output it (unknown keys of an object left out), or throws
 * `Invalid`; `read` turns that into null. They cover only what first-load-schemas.ts and the login
 * page need, and the tests of those keep each reader equal to its contract schema.
 */
export class Invalid extends Error {}

export type Reader<T> = (value: unknown) => T;

function invalid(): never {
  throw new Invalid('invalid');
}

export const string: Reader<string> = (value) => (typeof value === 'string' ? value : invalid());

export const boolean: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : invalid());

/** z.number(): finite numbers only. */
export const number: Reader<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? value : invalid();

/** z.number().int(): a safe integer. */
export const int: Reader<number> = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : invalid();

export function nullable<T>(reader: Reader<T>): Reader<T | null> {
  return (value) => (value === null ? null : reader(value));
}

export function optional<T>(reader: Reader<T>): Reader<T | undefined> {
  return (value) => (value === undefined ? undefined : reader(value));
}

export function oneOf<const T extends readonly string[]>(values: T): Reader<T[number]> {
  return (value) => ((values as readonly unknown[]).includes(value) ? (value as T[number]) : invalid());
}

/** A string matching `pattern` after `prepare` (zod's trim/toLowerCase checks) within `max` characters. */
export function text(options: { trim?: boolean; max?: number; pattern?: RegExp }): Reader<string> {
  return (value) => {
    let result = string(value);
    if (options.trim) {
      result = result.trim();
    }
    if (options.max !== undefined && result.length > options.max) {
      invalid();
    }
    if (options.pattern && !options.pattern.test(result)) {
      invalid();
    }
    return result;
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** z.record(z.string(), z.unknown()): a plain object, copied. */
export const record: Reader<Record<string, unknown>> = (value) => (isRecord(value) ? { ...value } : invalid());

export function array<T>(reader: Reader<T>): Reader<T[]> {
  return (value) => (Array.isArray(value) ? value.map((item) => reader(item)) : invalid());
}

type Shape = Record<string, Reader<unknown>>;
type Output<S extends Shape> = { [K in keyof S]: ReturnType<S[K]> };

/**
 * z.object(shape): the shape's keys only. With `partial` (z.partial), a missing key is left out;
 * otherwise a missing key is read as undefined, which only optional readers accept.
 */
export function object<S extends Shape>(shape: S, partial = false): Reader<Output<S>> {
  return (value) => {
    if (!isRecord(value)) {
      invalid();
    }
    const result: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(shape)) {
      const field = value[key];
      if (field === undefined && (partial || !(key in value))) {
        if (!partial) {
          reader(undefined);
        }
        continue;
      }
      result[key] = reader(field);
    }
    return result as Output<S>;
  };
}

/** The value `reader` reads, or null when it does not fit. */
export function read<T>(reader: Reader<T>, value: unknown): T | null {
  try {
    return reader(value);
  } catch (error) {
    if (error instanceof Invalid) {
      return null;
    }
    throw error;
  }
}
