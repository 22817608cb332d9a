import { stdSerializers } from 'pino';

/*
 * Error log lines without SQL parameters. A failed query's error carries
 * its statement and parameters (Drizzle's message "Failed query: … params: …", its `query` and
 * `params`; PGlite's and node-postgres' `query`, `params`, `detail` with the offending key), which
 * would put e-mail addresses and password hashes into the logs. Such an error is logged as the
 * statement's kind and table and PostgreSQL's error code, and never its values.
 */

const SQL_FAILURE = /^Failed query: ([\s\S]*?)\nparams: [\s\S]*$/;
/** PostgreSQL's error code classes whose messages hold no value from the statement. */
const VALUE_FREE_CLASSES = ['08', '40', '53', '57'];
/** A driver error's fields that say where it failed without quoting data. */
const SAFE_FIELDS = ['severity', 'routine', 'constraint', 'table', 'column', 'schema', 'dataType', 'errno', 'syscall'];
const MAX_CAUSES = 4;

/** `insert into "users"`: what the statement does and to which table, without its text. */
export function statementSummary(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const verb = /^(with|select|insert|update|delete|begin|commit|rollback|savepoint|release|lock|set|listen|notify)\b/i
    .exec(text)?.[1]
    ?.toLowerCase();
  const table = /\b(?:from|into|update|join|table)\s+("?[\w.]+"?(?:\."?\w+"?)?)/i.exec(text)?.[1];
  return [verb ?? 'statement', table].filter(Boolean).join(' ');
}

type Fields = Record<string, unknown>;

function isSqlError(e: object): boolean {
  return 'params' in e || 'query' in e || ('message' in e && SQL_FAILURE.test(String(e.message)));
}

function pgCodeOf(e: Fields): string | undefined {
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
}

/** One error of a chain that touched the database, with only its value-free fields. */
function scrubbed(e: Error & Fields, depth: number): Fields {
  const query = typeof e.query === 'string' ? e.query : SQL_FAILURE.exec(e.message)?.[1];
  const code = pgCodeOf(e);
  let message = e.message;
  if (query !== undefined) {
    message = `Failed query: ${statementSummary(query)}`;
  } else if (code && !VALUE_FREE_CLASSES.includes(code.slice(0, 2))) {
    message = `database error ${code}`;
  }
  const out: Fields = { type: e.constructor.name, message };
  if (query !== undefined) {
    out.statement = statementSummary(query);
  }
  if (typeof e.code === 'string') {
    out.code = e.code;
  }
  for (const k of SAFE_FIELDS) {
    if (typeof e[k] === 'string' || typeof e[k] === 'number') {
      out[k] = e[k];
    }
  }
  if (typeof e.stack === 'string') {
    // The first line repeats the message; the frames are code locations only.
    const frames = e.stack.split('\n').filter((l) => /^\s+at /.test(l));
    out.stack = [`${e.name}: ${message}`, ...frames].join('\n');
  }
  if (e.cause instanceof Error && depth < MAX_CAUSES) {
    out.cause = scrubbed(e.cause as Error & Fields, depth + 1);
  }
  return out;
}

function touchesDatabase(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth <= MAX_CAUSES && e && typeof e === 'object'; depth++) {
    if (isSqlError(e) || pgCodeOf(e as Fields)) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** pino's `err` serializer, but a database error loses its statement text, parameters and values. */
export function serializeError(err: Error): LoggedError {
  if (touchesDatabase(err)) {
    const out = scrubbed(err as Error & Fields, 0);
    return {
      ...out,
      type: String(out.type),
      message: String(out.message),
      stack: typeof out.stack === 'string' ? out.stack : '',
    };
  }
  return stdSerializers.err(err);
}

/** The logger serializers every logger of the server uses. */
export const logSerializers = { err: serializeError };
