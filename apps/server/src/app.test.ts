import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@proxy/contract';
import { build, type TestApp } from '../test/helper.js';
import { MODULES } from './app.js';

/** Routes outside the registry on purpose: probes, metrics, the test clock, the public document. */
const INTERNAL = [
  /^GET \/api\/health(\/live|\/ready)?$/,
  /^GET \/metrics$/,
  /^\w+ \/api\/test\//,
  /^GET \/api\/openapi\.json$/,
];

/** The wire's method and path pairs, stored: a change to this file is a change to the wire. */
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

  it('should serve every registry entry exactly once, and nothing else but the internal routes', () => {
    const served = servedRoutes(withClock);
    const keys = Object.values(ENDPOINTS).map((e: { method: string; path: string }) => `${e.method} /api${e.path}`);
    expect(keys.filter((k) => served.filter((s) => s === k).length !== 1)).toEqual([]);
    const outside = served.filter((s) => !s.startsWith('HEAD ') && !keys.includes(s));
    expect(outside.filter((s) => !INTERNAL.some((r) => r.test(s)))).toEqual([]);
    expect(keys.filter((k) => INTERNAL.some((r) => r.test(k)))).toEqual([]);
    expect(keys.length).toBeGreaterThan(200);
  });

  it('should register every module that has a routes.ts', () => {
    const withRoutes = readdirSync(new URL('./modules/', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(new URL(`./modules/${d.name}/routes.ts`, import.meta.url)))
      .map((d) => d.name);
    expect(Object.keys(MODULES).sort()).toEqual(withRoutes.sort());
  });

  it('should register the test clock only with TEST_CLOCK', () => {
    expect(servedRoutes(withClock).filter((r) => r.includes(' /api/test/')).length).toBeGreaterThan(0);
    expect(servedRoutes(plain).filter((r) => r.includes(' /api/test/'))).toEqual([]);
    expect(servedRoutes(plain).length).toBeGreaterThan(250);
  });
});
