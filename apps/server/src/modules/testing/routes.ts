import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allJobs } from '../../jobs/index.js';
import { runJob } from '../../jobs/runner.js';
import { authenticate, requireOwner } from '../../plugins/auth.js';
import type { ModuleRoutes } from '../../lib/route.js';

/**
 * Test-only controls, registered only with TEST_CLOCK=1 (the e2e server): move this instance's
 * clock forward and run every sweep now, so end-to-end tests see expiry without waiting.
 */
export const testingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', authenticate);
  app.addHook('preHandler', requireOwner);
  app.post(
    '/clock',
    {
      schema: {
        hide: true,
        body: z.object({
          advanceMs: z
            .number()
            .int()
            .min(0)
            .max(400 * 24 * 3600_000),
        }),
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async (req) => {
      app.ctx.clock.advance(req.body.advanceMs);
      return { now: app.ctx.clock.now().toISOString() };
    },
  );
  app.post(
    '/run-jobs',
    { schema: { hide: true, response: { 200: z.object({ ran: z.array(z.string()) }) } } },
    async () => {
      // Through the production runner, each under its lease; a sweep already running (the timers)
      // is waited for, so the caller sees one that started after its request.
      const ran: string[] = [];
      for (const job of allJobs) {
        if (await runJob(app.ctx, job, { wait: true })) {
          ran.push(job.name);
        }
      }
      return { ran };
    },
  );
};

/** Only the e2e server (TEST_CLOCK=1) has these. */
export const routes: ModuleRoutes = [
  { plugin: testingRoutes, prefix: '/test', enabled: (config) => config.TEST_CLOCK },
];
