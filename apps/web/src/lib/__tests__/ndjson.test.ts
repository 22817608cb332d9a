import { describe, expect, it } from 'vitest';
import { NdjsonDecoder, readNdjson } from '../ndjson';

describe('NdjsonDecoder', () => {
  it('should give each complete line and keep a partial one for later', () => {
    const d = new NdjsonDecoder();
    expect(d.push('{"a":1}\n{"b"')).toEqual([{ a: 1 }]);
    expect(d.push(':2}\n\n{"done":2}')).toEqual([{ b: 2 }]);
    expect(d.end()).toEqual([{ done: 2 }]);
  });

  it('should skip a malformed line', () => {
    expect(new NdjsonDecoder().push('nope\n{"ok":true}\n')).toEqual([{ ok: true }]);
  });
});

describe('readNdjson', () => {
  it('should read values split across chunks, multi-byte characters included', async () => {
    const bytes = new TextEncoder().encode('{"line":"héllo"}\n{"done":1}\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 11));
        controller.enqueue(bytes.slice(11));
        controller.close();
      },
    });
    const seen: unknown[] = [];
    await readNdjson(body, (v) => seen.push(v));
    expect(seen).toEqual([{ line: 'héllo' }, { done: 1 }]);
  });
});
