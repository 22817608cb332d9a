// Loaded before every spec file (vitest.config.ts setupFiles). With E2E_PROFILE=1 it writes the file's
// wall and CPU time once its own hooks have closed everything it started (support/profile.ts).
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { PROFILING, selfCpu, writeProfile } from './profile';

if (PROFILING) {
  let started = 0;
  let file = '';
  // The worker process runs file after file (vitest.config.ts): its figures so far are not this file's.
  let before = { worker: 0, reaped: 0 };
  const counters = globalThis as { __e2eLoads?: number; __e2eTreeCpu?: Record<string, number> };
  beforeAll((suite) => {
    started = Date.now();
    file = path.basename(suite.file?.filepath ?? suite.name);
    before = selfCpu();
    counters.__e2eLoads = 0;
    counters.__e2eTreeCpu = undefined;
  });
  // Registered first, so it runs after the spec's own afterAll hooks (Vitest runs them as a stack):
  // the servers and browsers have exited by then, and their CPU is in this worker's reaped time.
  afterAll(() => {
    const now = selfCpu();
    const worker = now.worker - before.worker;
    const reaped = now.reaped - before.reaped;
    const split = counters.__e2eTreeCpu ?? {};
    writeProfile({
      file,
      wallMs: Date.now() - started,
      cpuMs: worker + reaped,
      workerMs: worker,
      childrenMs: reaped,
      pageLoads: counters.__e2eLoads ?? 0,
      ...Object.fromEntries(Object.entries(split).map(([k, v]) => [`${k}Ms`, v])),
    });
  });
}
