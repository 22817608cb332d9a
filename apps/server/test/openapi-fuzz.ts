import { randomUUID } from 'node:crypto';

/**
 * Malformed variants of every operation of an OpenAPI document (the subset of JSON Schema that
 * fastify-type-provider-zod emits). Each variant starts from a plausible valid request, so the
 * handler behind the schema is reached, and spoils one thing at a time.
 */

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

export interface Variant {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Already-serialised JSON (or any text), sent as is; undefined sends no body. */
  payload?: string;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path' | 'body'> & { requestBody?: unknown }>>;
}

export function operationsOf(doc: unknown): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries((doc as OpenApiDoc).paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema;
      out.push({ method: method.toUpperCase(), path, parameters: op.parameters ?? [], body });
    }
  }
  return out;
}

export const NUL = 'a\u0000b';
export const LONE_SURROGATE = 'a\ud800b';
export const MEGABYTE = 'x'.repeat(1024 * 1024);
/** Well-formed but awkward text: quotes, LIKE wildcards, a backslash, an emoji pair, accents. */
const AWKWARD = `'"%_\\😀Đà`;

const PATTERN_SAMPLES = [
  'x',
  'VN',
  '123456',
  'abcdefghij12',
  'U12345',
  'TJRabPrwbZy45sbavfcjinPJC18kjpRTv7',
  'http://127.0.0.1:9/x',
  'a1',
];

function first(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) {
    return schema;
  }
  return first(options.find((o) => o.type !== 'null') ?? options[0] ?? {});
}

function sampleString(s: JsonSchema): string {
  if (s.enum?.length) {
    return String(s.enum[0]);
  }
  if (s.format === 'uuid') {
    return randomUUID();
  }
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    return PATTERN_SAMPLES.find((c) => re.test(c)) ?? 'x';
  }
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

function sampleNumber(s: JsonSchema): number {
  let n = s.minimum ?? 1;
  if (typeof s.exclusiveMinimum === 'number') {
    n = Math.max(n, s.exclusiveMinimum + 1);
  }
  return s.maximum !== undefined ? Math.min(n, s.maximum) : n;
}

/** A plausible valid value of a schema. */
export function sample(schema: JsonSchema): unknown {
  const s = first(schema);
  switch (s.type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return sampleNumber(s);
    case 'boolean':
      return true;
    case 'array': {
      const n = Math.min(Math.max(1, s.minItems ?? 1), s.maxItems ?? 1);
      return Array.from({ length: n }, () => sample(s.items ?? {}));
    }
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    default:
      return s.enum?.[0] ?? null;
  }
}

/** Wrong or hostile values for one field of a JSON body. */
function badValues(schema: JsonSchema): [string, unknown][] {
  const s = first(schema);
  const out: [string, unknown][] = [
    ['null', null],
    ['NUL', NUL],
    ['surrogate', LONE_SURROGATE],
    ['object', { a: [NUL] }],
  ];
  if (s.type === 'string') {
    out.push(['number', 12345], ['awkward', AWKWARD.slice(0, s.maxLength ?? 64)]);
    out.push(['longest', 'z'.repeat(Math.min(s.maxLength ?? 5000, 5000))]);
    if (s.maxLength === undefined || s.maxLength > 4096) {
      out.push(['1MB', MEGABYTE]);
    }
  } else if (s.type === 'integer' || s.type === 'number') {
    out.push(['string', 'abc'], ['fraction', 1.5], ['negative', -1], ['huge', 1e308]);
    out.push(['max', s.maximum ?? Number.MAX_SAFE_INTEGER], ['unsafe', 2 ** 63]);
  } else if (s.type === 'array') {
    out.push(['string', 'x'], ['NUL item', [NUL]], ['many', Array.from({ length: 2000 }, () => sample(s.items ?? {}))]);
    out.push(['bad item', [{ x: 1 }]]);
  } else {
    out.push(['string', 'x'], ['number', 7]);
  }
  return out;
}

/** Wrong or hostile values for a query or path parameter, as they appear in a URL (encoded). */
function badParams(schema: JsonSchema, where: 'path' | 'query'): [string, string][] {
  const s = first(schema);
  const out: [string, string][] = [
    ['NUL', '%00'],
    ['NUL inside', 'a%00b'],
    ['bad utf-8', '%ED%A0%80'],
    ['bad escape', '%E0%A4%A'],
    ['long', 'q'.repeat(where === 'path' ? 5000 : 20_000)],
    ['awkward', encodeURIComponent(AWKWARD)],
    ['not a uuid', 'not-a-uuid'],
    ['nil uuid', '00000000-0000-0000-0000-000000000000'],
  ];
  if (s.type === 'integer' || s.type === 'number') {
    out.push(['huge', '99999999999999999999999'], ['negative', '-5'], ['float', '1e400'], ['max', String(s.maximum)]);
  }
  if (where === 'query') {
    out.push(['array', 'a&_dup=1'], ['empty', '']);
  }
  return out;
}

function buildUrl(op: Operation, path: Record<string, string>, query: Record<string, string>): string {
  const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => path[name] ?? 'x');
  const qs = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return qs ? `${url}?${qs}` : url;
}

function nestedJson(depth: number): string {
  return `{"a":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
}

/**
 * The variants of one operation: the valid baseline first, then one spoiled part at a time.
 * `ids` are real ids of other kinds (an order's, a tag's, a user's…), tried in every path id.
 */
export function variantsOf(op: Operation, ids: Record<string, string> = {}): Variant[] {
  const path: Record<string, string> = {};
  const query: Record<string, string> = {};
  const headers: Record<string, string> = {};
  for (const p of op.parameters) {
    const v = encodeURIComponent(String(sample(p.schema)));
    if (p.in === 'path') {
      path[p.name] = v;
    } else if (p.in === 'query' && p.required) {
      query[p.name] = v;
    } else if (p.in === 'header') {
      headers[p.name] = randomUUID();
    }
  }
  const body = op.body ? (sample(op.body) as Record<string, unknown> | null) : undefined;
  const json = { 'content-type': 'application/json' };
  const make = (label: string, url: string, payload?: string, extra: Record<string, string> = {}): Variant => ({
    label,
    method: op.method,
    url,
    headers: { ...headers, ...(payload !== undefined ? json : {}), ...extra, 'idempotency-key': randomUUID() },
    payload,
  });
  const baseUrl = buildUrl(op, path, query);
  const basePayload = body === undefined ? undefined : JSON.stringify(body);
  const out: Variant[] = [make('baseline', baseUrl, basePayload)];

  for (const p of op.parameters.filter((x) => x.in !== 'header')) {
    for (const [label, value] of badParams(p.schema, p.in as 'path' | 'query')) {
      const url =
        p.in === 'path'
          ? buildUrl(op, { ...path, [p.name]: value }, query)
          : buildUrl(op, path, { ...query, [p.name]: value });
      out.push(make(`${p.in} ${p.name}: ${label}`, url, basePayload));
    }
    if (p.in === 'path') {
      for (const [kind, id] of Object.entries(ids)) {
        out.push(
          make(`path ${p.name}: a real ${kind} id`, buildUrl(op, { ...path, [p.name]: id }, query), basePayload),
        );
      }
    }
  }

  if (op.method !== 'GET') {
    for (const [label, payload] of [
      ['no body', undefined],
      ['null', 'null'],
      ['array', '[]'],
      ['string', '"x"'],
      ['number', '42'],
      ['broken JSON', '{"a":'],
      ['64 deep', nestedJson(63)],
      ['6000 deep', nestedJson(6000)],
      ['NUL key', JSON.stringify({ ...(body ?? {}), [NUL]: 1 })],
    ] as const) {
      out.push(make(`body: ${label}`, baseUrl, payload));
    }
    out.push(make('body: as text/plain', baseUrl, basePayload ?? '{}', { 'content-type': 'text/plain' }));
  }
  const props = op.body?.properties ?? first(op.body ?? {}).properties ?? {};
  if (body && typeof body === 'object') {
    for (const [name, schema] of Object.entries(props)) {
      for (const [label, value] of badValues(schema)) {
        out.push(make(`body.${name}: ${label}`, baseUrl, JSON.stringify({ ...body, [name]: value })));
      }
      // Real ids of every kind where an id goes, so the handlers get past "not found".
      const idSchema = first(schema).type === 'array' ? first(first(schema).items ?? {}) : first(schema);
      if (idSchema.format === 'uuid') {
        for (const [kind, id] of Object.entries(ids)) {
          const value = first(schema).type === 'array' ? [id] : id;
          out.push(make(`body.${name}: a real ${kind} id`, baseUrl, JSON.stringify({ ...body, [name]: value })));
        }
      }
      // One level down: the fields of a nested object (e.g. a purchase's period).
      const inner = first(schema);
      const current = body[name];
      if (inner.type === 'object' && current && typeof current === 'object') {
        for (const [sub, subSchema] of Object.entries(inner.properties ?? {})) {
          for (const [label, value] of badValues(subSchema)) {
            const spoiled = { ...body, [name]: { ...current, [sub]: value } };
            out.push(make(`body.${name}.${sub}: ${label}`, baseUrl, JSON.stringify(spoiled)));
          }
        }
      }
    }
  }
  return out;
}
