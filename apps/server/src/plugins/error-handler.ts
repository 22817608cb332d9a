import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';
import { isTransientDbError } from '../lib/pg-errors.js';

/**
 * One error handler: codes from the contract, 400 VALIDATION_ERROR for bad input, nothing internal
 * on 5xx but the request id (also the `X-Request-Id` header and the log line's `reqId`), which an
 * operator looks the failure up with.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      const data = err.data;
      if (data && 'remainTime' in data) {
        reply.header('retry-after', String(data.remainTime));
      }
      return reply.status(err.statusCode).send({ message: err.code, ...(err.data ? { data: err.data } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: `${err.validationContext ?? 'body'}${v.instancePath.replace(/\//g, '.')}`,
        message: v.message ?? 'invalid',
      }));
      return reply.status(400).send({ message: 'VALIDATION_ERROR', data: { issues } });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.status(500).send({ message: 'UNKNOW_ERROR', requestId: req.id });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large…
      if (status === 404) {
        return reply.status(404).send({ message: 'NOT_FOUND' });
      }
      if (status === 429) {
        return reply.status(429).send({ message: 'TOO_MANY_REQUEST', data: { remainTime: 1 } });
      }
      return reply.status(400).send({
        message: 'VALIDATION_ERROR',
        data: { issues: [{ path: 'request', message: err.code ?? err.message }] },
      });
    }
    if (isTransientDbError(err)) {
      // Nothing was committed; a client (or a provider retrying its webhook) may try again.
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', '1').send({ message: 'SERVICE_UNAVAILABLE', requestId: req.id });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'UNKNOW_ERROR', requestId: req.id });
  });
}
