/**
 * The public OpenAPI document (GET /api/openapi.json) as the /api page reads it: customer
 * operations with summaries in both languages (`summary`, `x-summary-vi`), error codes
 * (`x-errors`) and examples.
 */

export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
};

export interface ApiParameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema?: JsonSchema;
  example?: unknown;
}

interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
}

export interface ApiOperation {
  operationId: string;
  summary: string;
  'x-summary-vi': string;
  tags?: string[];
  security?: unknown[];
  parameters?: ApiParameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { description?: string; content?: Record<string, MediaType> }>;
  'x-errors': { code: string; status: number }[];
}

export interface ApiDocument {
  info: { title: string; version: string };
  paths: Record<string, Record<string, ApiOperation>>;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  group: string;
  op: ApiOperation;
}

const GROUP_OF: Record<string, string> = {
  'v6-retail': 'prices',
  'v4-retail': 'prices',
  'key-retail': 'prices',
  'v6-package': 'prices',
  'v4-package': 'prices',
  'key-package': 'prices',
  discount: 'prices',
  bandwidth: 'prices',
  bill: 'payments',
};

/** The order groups are shown in. */
export const GROUP_ORDER = [
  'api',
  'user',
  'v4-proxy',
  'v6-proxy',
  'bought-proxy',
  'key',
  'order',
  'country',
  'prices',
  'tag',
  'payments',
  'log',
  'dashboard',
  'tools',
  'site',
];

export function operationsOf(doc: ApiDocument): OperationView[] {
  const out: OperationView[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'site';
      out.push({ id: op.operationId, method: method.toUpperCase(), path, group: GROUP_OF[tag] ?? tag, op });
    }
  }
  const rank = (g: string) => (GROUP_ORDER.includes(g) ? GROUP_ORDER.indexOf(g) : GROUP_ORDER.length);
  return out.sort((a, b) => rank(a.group) - rank(b.group) || a.path.localeCompare(b.path));
}

/** The answer's example as text (JSON pretty-printed; exports and streams as they come). */
export function answerExample(op: ApiOperation): string | null {
  const content = op.responses['200']?.content;
  if (!content) {
    return null;
  }
  const [type, media] = Object.entries(content)[0] ?? [];
  if (!media || media.example === undefined) {
    return null;
  }
  return type === 'application/json' || typeof media.example !== 'string'
    ? JSON.stringify(media.example, null, 2)
    : media.example;
}

/** A parameter's example as it goes into a URL. */
export function paramText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function bodyExample(op: ApiOperation): unknown {
  return op.requestBody?.content['application/json']?.example;
}

/** A short type label for a parameter, e.g. `integer`, `"http" | "socks5"`. */
export function typeLabel(s: JsonSchema | undefined): string {
  if (!s) {
    return '';
  }
  if (s.enum) {
    return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  }
  if (s.type === 'array') {
    return `${typeLabel(s.items)}[]`;
  }
  return s.format ? `${s.type ?? ''} (${s.format})` : (s.type ?? '');
}
