/**
 * The split-string tool (docs/screens.md#tools-tutorials-support: start ≤ end): from pasted lines, keep
 * lines `from`..`to` (1-based, inclusive) and, when a separator is given, only fields
 * `fieldFrom`..`fieldTo` of each line. Pure and linear, so lists of many thousands of lines stay
 * instant in the browser.
 */
export interface SplitOptions {
  from: number;
  to: number;
  separator: string;
  fieldFrom: number;
  fieldTo: number;
}

export type SplitProblem = 'rangeInvalid' | 'rangeOrder' | 'fieldRangeInvalid' | 'fieldRangeOrder';

const isPositiveInt = (n: number) => Number.isInteger(n) && n >= 1;

export function splitProblem(o: SplitOptions): SplitProblem | null {
  if (!isPositiveInt(o.from) || !isPositiveInt(o.to)) {
    return 'rangeInvalid';
  }
  if (o.from > o.to) {
    return 'rangeOrder';
  }
  if (o.separator !== '') {
    if (!isPositiveInt(o.fieldFrom) || !isPositiveInt(o.fieldTo)) {
      return 'fieldRangeInvalid';
    }
    if (o.fieldFrom > o.fieldTo) {
      return 'fieldRangeOrder';
    }
  }
  return null;
}

/** The input's non-empty lines (CRLF or LF), trimmed. */
export function inputLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

export function splitLines(lines: readonly string[], o: SplitOptions): string[] {
  if (splitProblem(o) !== null) {
    return [];
  }
  const picked = lines.slice(o.from - 1, o.to);
  if (o.separator === '') {
    return picked;
  }
  return picked.map((line) =>
    line
      .split(o.separator)
      .slice(o.fieldFrom - 1, o.fieldTo)
      .join(o.separator),
  );
}
