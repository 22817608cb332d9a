import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@proxy/contract';
import { build, type TestApp } from '../test/helper.js';

/** The wire's method+path pairs, as stored when routes moved into the modules; a change is deliberate. */
const FIXTURE = new URL('../test/fixtures/routes.txt', import.meta.url);

/**
 * Every `METHOD /path` the app serves, read from Fastify's route tree: a line's indent gives its
 * depth, its text the path below its parent's, the parentheses its methods.
 */
function servedRoutes(t: TestApp): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) {
      continue;
    }
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2]!;
    stack.push(full);
    for (const method of m[3]?.split(', ') ?? []) {
      if (method !== '-') {
        out.push(`${method} ${full}`);
      }
    }
  }
  return out.sort();
}

let withClock: TestApp;
let plain: TestApp;
beforeAll(async () => {
  withClock = await build({ TEST_CLOCK: '1' });
  plain = await build({}, { database: withClock.database, url: withClock.databaseUrl });
});
afterAll(async () => {
  await plain.close();
  await withClock.close();
});

describe('the routes the modules register', () => {
  it('should be the stored wire: the same method and path pairs', () => {
    const served = servedRoutes(withClock);
    if (process.env.UPDATE_ROUTES === '1' || !existsSync(FIXTURE)) {
      writeFileSync(FIXTURE, `${served.join('\n')}\n`);
    }
    expect(served).toEqual(readFileSync(FIXTURE, 'utf8').trim().split('\n'));
    expect(served.length).toBeGreaterThan(250);
  });

  it('should serve every registry entry exactly once', () => {
    const served = servedRoutes(withClock);
    const keys = Object.values(ENDPOINTS).map((e: { method: string; path: string }) => `${e.method} /api${e.path}`);
    expect(keys.filter((k) => served.filter((s) => s === k).length !== 1)).toEqual([]);
  });

  it('should register the test clock only with TEST_CLOCK', () => {
    expect(servedRoutes(withClock).filter((r) => r.includes(' /api/test/')).length).toBeGreaterThan(0);
    expect(servedRoutes(plain).filter((r) => r.includes(' /api/test/'))).toEqual([]);
    expect(servedRoutes(plain).length).toBeGreaterThan(250);
  });
});
