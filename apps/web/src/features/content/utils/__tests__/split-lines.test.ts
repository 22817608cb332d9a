import { describe, expect, it } from 'vitest';
import { inputLines, splitLines, splitProblem } from '../split-lines';

const all = { separator: '', fieldFrom: 1, fieldTo: 1 };

describe('split-string tool', () => {
  it('should keep lines from..to, inclusive and 1-based', () => {
    const lines = inputLines('a\r\nb\n\n c \nd\n');
    expect(lines).toEqual(['a', 'b', 'c', 'd']);
    expect(splitLines(lines, { ...all, from: 2, to: 3 })).toEqual(['b', 'c']);
    expect(splitLines(lines, { ...all, from: 3, to: 99 })).toEqual(['c', 'd']);
    expect(splitLines(lines, { ...all, from: 4, to: 4 })).toEqual(['d']);
  });

  it('should keep only the chosen fields of each line', () => {
    const lines = ['1.2.3.4:80:u:p', '5.6.7.8:81:v:q'];
    expect(splitLines(lines, { from: 1, to: 2, separator: ':', fieldFrom: 1, fieldTo: 2 })).toEqual([
      '1.2.3.4:80',
      '5.6.7.8:81',
    ]);
    expect(splitLines(lines, { from: 1, to: 1, separator: ':', fieldFrom: 3, fieldTo: 4 })).toEqual(['u:p']);
  });

  it.each([
    [{ ...all, from: 5, to: 2 }, 'rangeOrder'],
    [{ ...all, from: 0, to: 2 }, 'rangeInvalid'],
    [{ ...all, from: 1.5, to: 2 }, 'rangeInvalid'],
    [{ from: 1, to: 2, separator: ':', fieldFrom: 3, fieldTo: 1 }, 'fieldRangeOrder'],
    [{ from: 1, to: 2, separator: ':', fieldFrom: 0, fieldTo: 1 }, 'fieldRangeInvalid'],
  ])('should refuse %j with %s and give nothing', (o, problem) => {
    expect(splitProblem(o)).toBe(problem);
    expect(splitLines(['a', 'b'], o)).toEqual([]);
  });

  it('should split 100,000 lines', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `10.0.${i >> 8}.${i & 255}:8080:user${i}:pass`).join('\n');
    const out = splitLines(inputLines(text), { from: 50_001, to: 100_000, separator: ':', fieldFrom: 1, fieldTo: 2 });
    expect(out).toHaveLength(50_000);
    expect(out[0]).toBe('10.0.195.80:8080');
  });
});
