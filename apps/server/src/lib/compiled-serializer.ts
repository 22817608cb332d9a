import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { safeParse } from 'zod/v4/core';

/**
 * Answers serialised by code generated at start-up from each route's zod response schema, instead
 * of parsing every answer with zod and then JSON.stringify-ing the copy (the generic path of
 * fastify-type-provider-zod, which costs more than the rest of a short request).
 *
 * The generated code writes exactly what the generic path writes for every answer the schema
 * accepts: the schema's keys in the schema's order, unknown keys left out, undefined optional keys
 * left out, strings through JSON.stringify. It checks each value's type (typeof, enum and literal
 * membership, arrays, objects) as it goes; on any mismatch it hands the whole answer to the generic
 * path, which gives the usual ResponseSerializationError. It does not repeat zod's refinements
 * (string formats, lengths, custom checks): those bind the input side. Parts of a schema it does
 * not model (unions other than of strings, records, transforms, pipes, coercion, overwriting checks such as trim, lazy)
 * are serialised by the generic path for that part only.
 *
 * compiled-serializer.test.ts compares the two byte for byte; SERIALIZER=check makes every
 * answer compare them at run time (a test aid).
 */

type Schema = z.core.$ZodType;

/** Thrown by generated code when a value is not what the schema says (made once: no stack per throw). */
const MISMATCH = new Error('the answer does not match its schema');

interface Emitter {
  /** Code lines of the function body. */
  lines: string[];
  /** Values the generated code refers to (sets, parsers), passed in as `k`. */
  consts: unknown[];
  n: number;
}

function constRef(em: Emitter, value: unknown): string {
  em.consts.push(value);
  return `k[${em.consts.length - 1}]`;
}

function fresh(em: Emitter, prefix: string): string {
  em.n += 1;
  return `${prefix}${em.n}`;
}

function defOf(schema: Schema): z.core.$ZodTypeDef & Record<string, unknown> {
  return schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
}

/** Zod checks that change the value (trim, toLowerCase, …) rather than only test it. */
function overwrites(schema: Schema): boolean {
  const checks = (defOf(schema).checks ?? []) as Array<{ _zod: { def: { check: string } } }>;
  return checks.some((c) => c._zod.def.check === 'overwrite');
}

/** Whether `value` is written by JSON.stringify exactly as the literal/enum value it is. */
function isJsonPrimitive(value: unknown): value is string | number | boolean | null {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/**
 * Appends to `o` the JSON of the value in variable `v`, which must not be undefined. Falls back to
 * zod + JSON.stringify for this part where the schema is not modelled.
 */
// eslint-disable-next-line max-lines-per-function -- one case per zod type, read together
function emitValue(em: Emitter, schema: Schema, v: string): void {
  const def = defOf(schema);
  const L = em.lines;
  if (def.coerce === true || overwrites(schema)) {
    emitGeneric(em, schema, v);
    return;
  }
  switch (def.type) {
    case 'string':
      L.push(`if (typeof ${v} !== 'string') throw M;`, `o += JSON.stringify(${v});`);
      return;
    case 'number':
      // For a finite number, '' + x is what JSON.stringify writes (-0 included: both write 0).
      L.push(`if (typeof ${v} !== 'number' || !Number.isFinite(${v})) throw M;`, `o += '' + ${v};`);
      return;
    case 'boolean':
      L.push(`if (${v} === true) o += 'true'; else if (${v} === false) o += 'false'; else throw M;`);
      return;
    case 'null':
      L.push(`if (${v} !== null) throw M;`, `o += 'null';`);
      return;
    case 'date':
      L.push(`if (!(${v} instanceof Date) || Number.isNaN(${v}.getTime())) throw M;`, `o += JSON.stringify(${v});`);
      return;
    case 'literal':
    case 'enum': {
      const values =
        def.type === 'literal' ? (def.values as unknown[]) : Object.values(def.entries as Record<string, unknown>);
      if (!values.every(isJsonPrimitive)) {
        emitGeneric(em, schema, v);
        return;
      }
      if (values.length === 1) {
        L.push(
          `if (${v} !== ${JSON.stringify(values[0])}) throw M;`,
          `o += ${JSON.stringify(JSON.stringify(values[0]))};`,
        );
        return;
      }
      const map = constRef(em, new Map(values.map((x) => [x, JSON.stringify(x)])));
      const j = fresh(em, 'j');
      L.push(`const ${j} = ${map}.get(${v});`, `if (${j} === undefined) throw M;`, `o += ${j};`);
      return;
    }
    case 'nullable':
      L.push(`if (${v} === null) { o += 'null'; } else {`);
      emitValue(em, def.innerType as Schema, v);
      L.push('}');
      return;
    case 'readonly':
      emitValue(em, def.innerType as Schema, v);
      return;
    case 'array': {
      const i = fresh(em, 'i');
      const e = fresh(em, 'e');
      L.push(`if (!Array.isArray(${v})) throw M;`, `o += '[';`);
      L.push(
        `for (let ${i} = 0; ${i} < ${v}.length; ${i}++) {`,
        `if (${i} !== 0) o += ',';`,
        `const ${e} = ${v}[${i}];`,
      );
      L.push(`if (${e} === undefined) throw M;`);
      emitValue(em, def.element as Schema, e);
      L.push('}', `o += ']';`);
      return;
    }
    case 'object':
      emitObject(em, schema, v);
      return;
    case 'union':
      // A union of plain strings (e.g. an IPv4 or IPv6 address) is written as a string.
      if (isStringUnion(schema)) {
        emitValue(em, (def.options as Schema[])[0]!, v);
        return;
      }
      emitGeneric(em, schema, v);
      return;
    default:
      emitGeneric(em, schema, v);
  }
}

/** An object: the shape's keys in order; unknown keys are stripped, as zod's default object does. */
function emitObject(em: Emitter, schema: Schema, v: string): void {
  const def = defOf(schema);
  const catchall = def.catchall as Schema | undefined;
  // A loose object (or a catchall) keeps unknown keys: the generic path writes this part.
  if (catchall && defOf(catchall).type !== 'never') {
    emitGeneric(em, schema, v);
    return;
  }
  const L = em.lines;
  L.push(`if (${v} === null || typeof ${v} !== 'object' || Array.isArray(${v})) throw M;`);
  const shape = def.shape as Record<string, Schema>;
  // Whether a key has been written yet: known while every key so far is required; else a flag.
  let written: boolean | string = false;
  L.push(`o += '{';`);
  for (const [key, prop] of Object.entries(shape)) {
    const p = fresh(em, 'p');
    L.push(`const ${p} = ${v}[${JSON.stringify(key)}];`);
    const name = JSON.stringify(key);
    const opt = defOf(prop).type === 'optional';
    const inner = opt ? (defOf(prop).innerType as Schema) : prop;
    const comma = written === true ? `o += ',';` : written === false ? '' : `if (${written}) o += ',';`;
    if (!opt && !isGeneric(inner)) {
      // A required key: zod refuses undefined there.
      L.push(`if (${p} === undefined) throw M;`, `${comma} o += ${JSON.stringify(`${name}:`)};`);
      emitValue(em, inner, p);
      written = true;
      continue;
    }
    // An optional key (or a generic part, which may come out as undefined): written when present.
    const flag: string = typeof written === 'string' ? written : fresh(em, 'w');
    if (typeof written !== 'string') {
      L.push(`let ${flag} = ${written};`);
    }
    if (opt) {
      L.push(`if (${p} !== undefined) {`, `if (${flag}) o += ','; o += ${JSON.stringify(`${name}:`)};`);
      emitValue(em, inner, p);
      L.push(`${flag} = true;`, '}');
    } else {
      const j = fresh(em, 'j');
      L.push(`if (${p} === undefined) throw M;`, `const ${j} = ${genericCall(em, inner, p)};`);
      L.push(
        `if (${j} !== undefined) { if (${flag}) o += ','; o += ${JSON.stringify(`${name}:`)} + ${j}; ${flag} = true; }`,
      );
    }
    written = flag;
  }
  L.push(`o += '}';`);
}

/** A union whose every option is a string schema that keeps its value (no coercion, no overwrite). */
function isStringUnion(schema: Schema): boolean {
  const options = defOf(schema).options as Schema[] | undefined;
  return (
    options !== undefined &&
    options.length > 0 &&
    options.every((o) => defOf(o).type === 'string' && defOf(o).coerce !== true && !overwrites(o))
  );
}

const MODELLED = new Set([
  'string',
  'number',
  'boolean',
  'null',
  'date',
  'literal',
  'enum',
  'nullable',
  'readonly',
  'array',
  'object',
]);

/** Whether emitValue hands this schema (as a whole) to the generic path. */
function isGeneric(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.coerce === true || overwrites(schema) || !MODELLED.has(def.type)) {
    return true;
  }
  if (def.type === 'literal' || def.type === 'enum') {
    const values =
      def.type === 'literal' ? (def.values as unknown[]) : Object.values(def.entries as Record<string, unknown>);
    return !values.every(isJsonPrimitive);
  }
  if (def.type === 'union') {
    return !isStringUnion(schema);
  }
  if (def.type === 'object') {
    const catchall = def.catchall as Schema | undefined;
    return catchall !== undefined && defOf(catchall).type !== 'never';
  }
  return false;
}

/** An expression: the generic JSON of `v` under `schema` (zod's output, stringified), or throw M. */
function genericCall(em: Emitter, schema: Schema, v: string): string {
  const parse = constRef(em, (value: unknown) => {
    const r = safeParse(schema, value);
    if (!r.success) {
      throw MISMATCH;
    }
    return JSON.stringify(r.data);
  });
  return `${parse}(${v})`;
}

function emitGeneric(em: Emitter, schema: Schema, v: string): void {
  const j = fresh(em, 'j');
  em.lines.push(`const ${j} = ${genericCall(em, schema, v)};`, `if (${j} === undefined) throw M;`, `o += ${j};`);
}

/** The generated serializer of `schema`, or null when the whole schema is one the generic path writes. */
export function compileSerializer(schema: Schema): ((data: unknown) => string) | null {
  if (isGeneric(schema)) {
    return null;
  }
  const em: Emitter = { lines: [], consts: [], n: 0 };
  emitValue(em, schema, 'v');
  // The code is built from the schema's own key names and values, each through JSON.stringify.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated once per route at start-up
  const make = new Function(
    'k',
    'M',
    `return function serialize(v) {\nlet o = '';\n${em.lines.join('\n')}\nreturn o;\n};`,
  ) as (k: unknown[], m: Error) => (data: unknown) => string;
  return make(em.consts, MISMATCH);
}

/** The generic path: zod parses the answer, JSON.stringify writes the parsed copy. */
export const genericSerializerCompiler = createSerializerCompiler({}) as FastifySerializerCompiler<unknown>;

/**
 * Fastify's serializer compiler: the generated serializer, falling back to the generic path for an
 * answer that does not match (which then throws the usual error). With `check`, every answer is
 * also written by the generic path and a difference throws.
 */
export function compiledSerializerCompiler(check = false): FastifySerializerCompiler<unknown> {
  return (route) => {
    const generic = genericSerializerCompiler(route);
    const raw = route.schema as Schema | { properties?: Schema };
    const schema = (raw as { _zod?: unknown })._zod ? (raw as Schema) : (raw as { properties?: Schema }).properties;
    const compiled = schema ? compileSerializer(schema) : null;
    if (!compiled) {
      return generic;
    }
    return (data) => {
      let out: string;
      try {
        out = compiled(data);
      } catch (err) {
        if (err === MISMATCH) {
          return generic(data);
        }
        throw err;
      }
      if (check) {
        const expected = generic(data);
        if (expected !== out) {
          throw new Error(`compiled serializer of ${route.method} ${route.url} differs:\n${out}\n${expected}`);
        }
      }
      return out;
    };
  };
}
