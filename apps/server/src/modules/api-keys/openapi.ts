import { statusOf, type ErrorCode } from '@proxy/contract';
import { SAMPLE_ID } from './openapi-catalog-proxies.js';
import { CATALOG, COMMON_ERRORS, NOT_PUBLIC, SESSION_ONLY_ROUTES, type CatalogEntry } from './openapi-catalog.js';

/**
 * GET /api/openapi.json: the server's own OpenAPI document (built by @fastify/swagger from the
 * routes' zod schemas) cut down to the catalogue's customer operations, each with its summary in
 * English and Vietnamese (`x-summary-vi`), its error codes and statuses (`x-errors`), and examples
 * of its parameters, body and answer. The web's /api page renders its reference from this.
 */

type Schema = Record<string, unknown>;
interface Operation {
  tags?: string[];
  parameters?: (Schema & { name: string; in: string; schema?: Schema })[];
  requestBody?: { content?: Record<string, { schema?: Schema; example?: unknown }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Schema; example?: unknown }> }
  >;
  [k: string]: unknown;
}
export interface OpenApiDocument {
  openapi: string;
  info: Schema;
  components?: { schemas?: Schema; [k: string]: unknown };
  security?: unknown[];
  paths: Record<string, Record<string, Operation>>;
}

/** Operations that authenticate otherwise (or not at all): no X-Api-Key needed. */
const OPEN = new Set([
  'GET /api/site/get-site-info',
  'POST /api/key/get-new-ip',
  'GET /api/key/get-new-ip',
  // The links for tools: their token is the credential.
  'GET /api/proxy/l/{token}/change-ip',
  'GET /api/proxy/l/{token}/current',
  'GET /api/proxy/list/{token}',
]);

/**
 * What a customer would really see in a field, by its name: the reference shows these answers as
 * they come, so a field must never read as its own name ("paymentType": "paymentType").
 */
const STRING_EXAMPLES: Record<string, string> = {
  host: 'proxy.example.com',
  username: 'user1',
  password: 'Secret12345',
  apiKey: 'pk_••••••••3f9a',
  paymentType: 'balance',
  code: 'ORD-7Q2K9X',
  codeBill: 'NAP7Q2K9X',
  name: 'Starter',
  packageName: 'Starter',
  packageNameEng: 'Starter',
  title: 'Proxy Shop',
  titleEng: 'Proxy Shop',
  description: 'Fast private proxies',
  descriptionEng: 'Fast private proxies',
  summary: 'How to use a proxy in Chrome',
  slug: 'proxy-in-chrome',
  comment: 'campaign A',
  note: 'bank 123',
  noteEng: 'bank 123',
  content: 'Bought 10 IPv4 proxies',
  action: 'proxy.ip-change',
  tagName: 'shop-1',
  key: 'k_8f3a2c9d1e7b',
  current: '203.0.113.7:8000',
  proxy: '203.0.113.7:8000:user1:Secret12345',
  line: '203.0.113.7:8000:user1:Secret12345',
  changeIpUrl: 'https://proxy.example.com/api/key/get-new-ip?keyRotate=k_8f3a2c9d1e7b',
  currentUrl: 'https://proxy.example.com/api/key/current?keyRotate=k_8f3a2c9d1e7b',
  url: 'https://proxy.example.com/',
  redirectUrl: 'https://www.paypal.com/checkoutnow?token=5O190127TN364715T',
  qrPayload: '00020101021238570010A000000727',
  providerAmount: '10.00',
  payAmount: '10.000123',
  network: 'TRC20',
  address: 'TXYZ1234567890abcdefghijklmnopqrst',
  bankName: 'Vietcombank',
  bin: '970436',
  accountNumber: '0123456789',
  accountName: 'NGUYEN VAN A',
  type: 'v4',
  status: 'using',
  role: 'Seller',
  value: '@shop_support',
  label: 'Telegram',
  hours: '8:00–22:00',
  userAgent: 'Mozilla/5.0',
  lastUserAgent: 'Mozilla/5.0',
  lastError: 'connect ETIMEDOUT',
  monthStart: '2026-01-01',
  until: '2026-01-01T00:00:00.000Z',
  color: '#2196F3',
  logo: '/api/site/logo/2196f3.png',
  googlePixel: 'G-XXXXXXX',
  companyName: 'Proxy Shop LLC',
  siteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
  ownerAgency: SAMPLE_ID,
  message: 'Scheduled maintenance',
  messageEng: 'Scheduled maintenance',
  landingTitle: 'Proxy IPv4, IPv6',
  landingTitleEng: 'IPv4 and IPv6 proxies',
  landingDesc: 'Mua theo quốc gia và thời hạn',
  landingDescEng: 'Buy by country and period',
  question: 'Proxy được giao sau bao lâu?',
  questionEng: 'How soon do I get my proxies?',
  answer: 'Ngay sau khi mua.',
  answerEng: 'Right after buying.',
  text: 'Proxy ổn định.',
  textEng: 'Stable proxies.',
  html: '<p>Open Chrome settings…</p>',
};

function stringExample(name: string, s: Schema): string {
  if (s.format === 'uuid' || /id$/i.test(name)) {
    return SAMPLE_ID;
  }
  if (name === 'country' || (typeof s.pattern === 'string' && s.pattern.includes('[A-Za-z]{2}'))) {
    return 'US';
  }
  if (Object.hasOwn(STRING_EXAMPLES, name)) {
    return STRING_EXAMPLES[name]!;
  }
  if (/At$|date|^from$|^to$/i.test(name)) {
    return '2026-01-01T00:00:00.000Z';
  }
  if (/email/i.test(name)) {
    return 'user@example.com';
  }
  if (/ip$/i.test(name)) {
    return '203.0.113.7';
  }
  return 'example';
}

/** An example value for a JSON schema; `all` includes optional properties (answers), else required only. */
export function exampleOf(s: Schema | undefined, name = '', all = true, depth = 0): unknown {
  if (!s || depth > 8) {
    return null;
  }
  if (s.example !== undefined) {
    return s.example;
  }
  const alt = (s.anyOf ?? s.oneOf ?? s.allOf) as Schema[] | undefined;
  if (alt?.length) {
    return exampleOf(alt.find((a) => a.type !== 'null') ?? alt[0], name, all, depth + 1);
  }
  if (Array.isArray(s.enum)) {
    return s.enum[0];
  }
  if (s.default !== undefined && !all) {
    return s.default;
  }
  switch (s.type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required ?? []) as string[]);
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) {
        if (all || required.has(k)) {
          out[k] = exampleOf(v, k, all, depth + 1);
        }
      }
      return out;
    }
    case 'array':
      return [exampleOf(s.items as Schema, name.replace(/^list/, ''), all, depth + 1)];
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' && s.minimum > -1e6 ? s.minimum : 0;
      return s.exclusiveMinimum === true || min === 0 ? Math.max(min, 1) : min;
    }
    case 'boolean':
      return typeof s.default === 'boolean' ? s.default : true;
    case 'string':
      return stringExample(name, s);
    default:
      return null;
  }
}

function publicOperation(op: Operation, key: string, entry: CatalogEntry): Operation {
  const [method, path] = key.split(' ') as [string, string];
  const errors = [
    ...new Set<ErrorCode>([...(OPEN.has(key) ? ['VALIDATION_ERROR' as const] : COMMON_ERRORS), ...entry.errors]),
  ];
  // Examples only where a snippet should send the parameter: path ids, required ones, the catalogue's.
  const parameters = (op.parameters ?? []).map((p) => {
    const example =
      entry.example?.query?.[p.name] ??
      (p.in === 'path' ? SAMPLE_ID : p.required ? exampleOf(p.schema, p.name, false) : undefined);
    return example === undefined ? p : { ...p, example };
  });
  const body = op.requestBody?.content?.['application/json'];
  const ok = op.responses?.['200']?.content?.['application/json'];
  return {
    ...op,
    operationId: `${method.toLowerCase()}${path.replace(/^\/api/, '').replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string = '') => c.toUpperCase())}`,
    summary: entry.summary,
    'x-summary-vi': entry.summaryVi,
    ...(OPEN.has(key) ? { security: [] } : {}),
    parameters,
    ...(body
      ? {
          requestBody: {
            ...op.requestBody,
            content: {
              'application/json': { ...body, example: entry.example?.body ?? exampleOf(body.schema, '', false) },
            },
          },
        }
      : {}),
    responses: {
      ...op.responses,
      ...(ok
        ? {
            200: {
              ...op.responses!['200'],
              description: 'OK',
              content: { 'application/json': { ...ok, example: exampleOf(ok.schema) } },
            },
          }
        : entry.answer
          ? {
              200: {
                description: 'OK',
                content: { [entry.answer.type]: { schema: { type: 'string' }, example: entry.answer.example } },
              },
            }
          : {}),
      default: {
        description: 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
    'x-errors': errors.map((code) => ({ code, status: statusOf(code) })),
  };
}

/** True for an operation deliberately kept out of the public document. */
export function isNotPublic(key: string): boolean {
  return SESSION_ONLY_ROUTES.has(key) || NOT_PUBLIC.some((re) => re.test(key));
}

export function publicDocument(full: OpenApiDocument): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, ops] of Object.entries(full.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method.toUpperCase()} ${path}`;
      const entry = CATALOG.get(key);
      if (entry && !isNotPublic(key)) {
        (paths[path] ??= {})[method] = publicOperation(op, key, entry);
      }
    }
  }
  return {
    openapi: full.openapi,
    info: {
      ...full.info,
      description:
        'Every customer operation of the panel. Authenticate with `X-Api-Key: <your key>` from one of the key\'s allowed IPv4 addresses. Each key is limited per minute; every keyed answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset. Errors answer `{ "message": "CODE", "data": {...} }`.',
    },
    components: {
      ...(full.components ?? {}),
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      schemas: {
        ...(full.components?.schemas ?? {}),
        Error: {
          type: 'object',
          properties: { message: { type: 'string' }, data: { type: 'object' } },
          required: ['message'],
          example: { message: 'IP_NOT_ALLOWED' },
        },
      },
    },
    security: [{ ApiKey: [] }],
    paths,
  };
}
