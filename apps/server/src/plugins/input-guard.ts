import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';

/** Deeper JSON than this is refused before any parser recurses into it (no API body nests past ~5). */
export const MAX_JSON_DEPTH = 64;

/**
 * Provider webhooks are not typed by a person: the payments module decides what to do with odd
 * characters there (a bank transfer is stored with them replaced, so no money is lost).
 */
const EXEMPT_PREFIX = '/api/webhook/';

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

class JsonDepthError extends Error {
  readonly statusCode = 400;
  readonly code = 'JSON_TOO_DEEP';
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH}`);
  }
}

/**
 * Counts bracket depth over the raw bytes as they stream in (outside strings; UTF-8 continuation
 * bytes never look like ASCII brackets or quotes), and fails the body as soon as it gets too deep.
 * Being a stream stage, it also covers routes with their own JSON parser (the webhooks', which
 * keep the raw body for signatures) without touching them.
 */
class JsonDepthLimiter extends Transform {
  private depth = 0;
  private inString = false;
  private escaped = false;

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
        } else if (b === BACKSLASH) {
          this.escaped = true;
        } else if (b === QUOTE) {
          this.inString = false;
        }
      } else if (b === QUOTE) {
        this.inString = true;
      } else if (b === OPEN_BRACKET || b === OPEN_BRACE) {
        if (++this.depth > MAX_JSON_DEPTH) {
          done(new JsonDepthError());
          return;
        }
      } else if (b === CLOSE_BRACKET || b === CLOSE_BRACE) {
        this.depth--;
      }
    }
    done(null, chunk);
  }
}

function isJson(req: FastifyRequest): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim());
}

/** A NUL (PostgreSQL text cannot hold it) or half of a UTF-16 surrogate pair (not valid Unicode). */
function isUnstorable(s: string): boolean {
  return s.includes('\0') || !(s as string & { isWellFormed(): boolean }).isWellFormed();
}

/** The path of the first unstorable string (or object key) in a parsed value, or null. */
function findUnstorable(value: unknown, path: string): string | null {
  if (typeof value === 'string') {
    return isUnstorable(value) ? path : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findUnstorable(value[i], `${path}.${i}`);
      if (hit) {
        return hit;
      }
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    // The own enumerable keys, as Object.entries lists them, without its arrays (every request
    // passes here, most with an empty query and no params).
    for (const key in value) {
      if (!Object.hasOwn(value, key)) {
        continue;
      }
      const hit = isUnstorable(key)
        ? `${path}.?`
        : findUnstorable((value as Record<string, unknown>)[key], `${path}.${key}`);
      if (hit) {
        return hit;
      }
    }
  }
  return null;
}

/**
 * Input every route gets before its own schema: JSON bodies no deeper than MAX_JSON_DEPTH, and no
 * string that the database cannot store, in the body, the query or the path. Both answer
 * 400 VALIDATION_ERROR, in one place, instead of a 500 from the parser's recursion or the database.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback hooks, not async ones: every request passes both, and a promise per hook per request
  // is a measurable share of a small call's CPU (docs/benchmarks.md#the-per-request-path).
  app.addHook('preParsing', (req, _reply, payload, done) => {
    done(null, isJson(req) ? payload.pipe(new JsonDepthLimiter()) : payload);
  });

  app.addHook('preValidation', (req, _reply, done) => {
    if (req.url.startsWith(EXEMPT_PREFIX)) {
      done();
      return;
    }
    const path =
      findUnstorable(req.params, 'params') ??
      findUnstorable(req.query, 'querystring') ??
      findUnstorable(req.body, 'body');
    if (path) {
      done(
        new AppError('VALIDATION_ERROR', {
          issues: [{ path, message: 'contains a NUL character or an unpaired UTF-16 surrogate' }],
        }),
      );
      return;
    }
    done();
  });
}
