import { randomInt } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * Blocks of listener ports for the test processes that start a gateway (the server suite's apps and
 * the e2e specs' servers). Every range here is below Linux's ephemeral range (32768–60999), where
 * the machine's outgoing connections take local ports at random and a listener's bind would meet
 * them (EADDRINUSE), and apart from the product's default 20000–29999.
 */

/** Where a caller's blocks come from: `count` blocks of `size` ports from `first`. */
export interface PortRange {
  first: number;
  size: number;
  count: number;
}

/** The server suite's: 10000–19999, in blocks of `size`. */
export function suiteRange(size: number): PortRange {
  return { first: 10_000, size, count: Math.floor(10_000 / size) };
}

/** The e2e specs': 30000–32687, in blocks of 128 (a gateway's 100 ports and a few for fakes). */
export const E2E_RANGE: PortRange = { first: 30_000, size: 128, count: 21 };

/**
 * The first port of a block of `range` that no other test process holds. Blocks are claimed with an
 * exclusive lock file (released when the process exits; a lock left by a dead process is taken
 * over), so test files running side by side never share a port.
 */
export function claimPortBlock(range: PortRange): number {
  const start = randomInt(0, range.count);
  for (let i = 0; i < range.count; i++) {
    const block = range.first + ((start + i) % range.count) * range.size;
    const lock = path.join(tmpdir(), `pp-test-ports-${block}-${range.size}.lock`);
    if (claimLock(lock)) {
      process.once('exit', () => rmSync(lock, { force: true }));
      return block;
    }
  }
  throw new Error('no free block of test ports');
}

function claimLock(file: string): boolean {
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const owner = Number(readFileSync(file, 'utf8'));
    try {
      process.kill(owner, 0);
      return false;
    } catch {
      // The holder is gone: take the lock over.
      writeFileSync(file, String(process.pid));
      return true;
    }
  }
}
