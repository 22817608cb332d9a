import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allJobs } from '../../jobs/index.js';
import { authenticate, requireOwner } from '../../plugins/auth.js';

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
      for (const job of allJobs) {
        await job.run(app.ctx);
      }
      return { ran: allJobs.map((j) => j.name) };
    },
  );
};
