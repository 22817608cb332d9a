/**
 * Newline-delimited JSON read as it arrives: each complete line is one value; a trailing partial
 * line waits for the next chunk. Blank and malformed lines are skipped.
 */
export class NdjsonDecoder {
  private rest = '';

  push(text: string): unknown[] {
    const parts = (this.rest + text).split('\n');
    this.rest = parts.pop() ?? '';
    return parts.flatMap(parseLine);
  }

  /** What is left once the stream has ended (a last line without its newline). */
  end(): unknown[] {
    const last = this.rest;
    this.rest = '';
    return parseLine(last);
  }
}

function parseLine(line: string): unknown[] {
  const s = line.trim();
  if (!s) {
    return [];
  }
  try {
    return [JSON.parse(s) as unknown];
  } catch {
    return [];
  }
}

/** Calls `onValue` for every value of an NDJSON body, in order, until the body ends or `signal` aborts. */
export async function readNdjson(
  body: ReadableStream<Uint8Array>,
  onValue: (value: unknown) => void,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const text = new TextDecoder();
  const lines = new NdjsonDecoder();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        break;
      }
      lines.push(text.decode(value, { stream: true })).forEach(onValue);
    }
    lines.push(text.decode()).forEach(onValue);
    lines.end().forEach(onValue);
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
