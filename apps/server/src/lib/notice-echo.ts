import { randomUUID } from 'node:crypto';

/** How long a writer waits for its own notice to come back before answering anyway. */
const ECHO_WAIT_MS = 2_000;

/**
 * The echo of a notice this instance sent, for a cache that LISTENs to its own channel: PostgreSQL
 * delivers a channel's notices to every listener in commit order, so once this instance has heard
 * a notice it sent after (or with) a commit, every notice of that commit has reached this instance
 * and has been sent to the others. A writer that waits for its echo answers only once no cache
 * here serves what it changed (docs/tool-links.md#the-lookup-cache).
 */
export class NoticeEchoes {
  private readonly waiting = new Map<string, () => void>();

  /**
   * A nonce to put in a notice, `heard` that resolves once `arrived(nonce)` is called (at most
   * ECHO_WAIT_MS later; at once when `listening` says the LISTEN connection is down, since no
   * cache here serves anything then), and `cancel` for a notice that was never sent.
   */
  expect(listening: () => boolean): { nonce: string; heard: () => Promise<void>; cancel: () => void } {
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.waiting.set(nonce, resolve);
      timer = setTimeout(resolve, ECHO_WAIT_MS);
    }).finally(() => {
      clearTimeout(timer);
      this.waiting.delete(nonce);
    });
    return {
      nonce,
      heard: () => (listening() ? heard : Promise.resolve()),
      cancel: () => this.waiting.get(nonce)?.(),
    };
  }

  /** Called by the channel's handler for each nonce it hears. */
  arrived(nonce: string): void {
    this.waiting.get(nonce)?.();
  }
}
