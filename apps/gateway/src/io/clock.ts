/**
 * Time for the gateway: the handshake and connect deadlines, the refusal linger, the idle sweep
 * and log throttling all go through a Clock, so tests can drive them with ManualClock instead of
 * sleeping. The callbacks take one argument (as Node's timers do) so callers pass their object
 * instead of allocating a closure per timer.
 */

/** An opaque timer id, only good for the clock that returned it. */
export type TimerHandle = { readonly __timer: true } | NodeJS.Timeout;

export interface Clock {
  /** Milliseconds, monotonic enough for intervals. */
  now(): number;
  setTimeout<A>(fn: (arg: A) => void, ms: number, arg: A): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** A repeating timer that does not keep the process alive on its own. */
  setInterval<A>(fn: (arg: A) => void, ms: number, arg: A): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

/** Node's timers and Date.now(). */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms, arg) => setTimeout(fn, ms, arg),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (fn, ms, arg) => setInterval(fn, ms, arg).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

interface ManualTimer {
  readonly __timer: true;
  due: number;
  /** 0 for a one-shot timer. */
  every: number;
  seq: number;
  fn: (arg: unknown) => void;
  arg: unknown;
}

/** A clock that moves only when told: `advance(ms)` runs every timer due by then, in order. */
export class ManualClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers = new Set<ManualTimer>();

  constructor(start = 1_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout<A>(fn: (arg: A) => void, ms: number, arg: A): TimerHandle {
    return this.add(fn as (arg: unknown) => void, Math.max(0, ms), 0, arg);
  }

  setInterval<A>(fn: (arg: A) => void, ms: number, arg: A): TimerHandle {
    return this.add(fn as (arg: unknown) => void, Math.max(1, ms), Math.max(1, ms), arg);
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete(handle as ManualTimer);
  }

  clearInterval(handle: TimerHandle): void {
    this.timers.delete(handle as ManualTimer);
  }

  /** Delays (from now) of the timers still pending, soonest first. */
  pending(): number[] {
    return [...this.timers].map((t) => t.due - this.time).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, firing each due timer at its own due time (intervals repeatedly). */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      let next: ManualTimer | null = null;
      for (const t of this.timers) {
        if (t.due <= until && (next === null || t.due < next.due || (t.due === next.due && t.seq < next.seq))) {
          next = t;
        }
      }
      if (next === null) {
        break;
      }
      this.time = next.due;
      if (next.every > 0) {
        next.due += next.every;
        next.seq = ++this.seq;
      } else {
        this.timers.delete(next);
      }
      next.fn(next.arg);
    }
    this.time = until;
  }

  private add(fn: (arg: unknown) => void, due: number, every: number, arg: unknown): TimerHandle {
    const t: ManualTimer = { __timer: true, due: this.time + due, every, seq: ++this.seq, fn, arg };
    this.timers.add(t);
    return t;
  }
}
