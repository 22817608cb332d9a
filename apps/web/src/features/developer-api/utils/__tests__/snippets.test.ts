import { describe, expect, it } from 'vitest';
import type { OperationView } from '../document';
import { buildSnippet, operationUrl, toPython } from '../snippets';

const buy: OperationView = {
  id: 'postV4ProxyBuyRetail',
  method: 'POST',
  path: '/api/v4-proxy/buy-retail',
  group: 'v4-proxy',
  op: {
    operationId: 'postV4ProxyBuyRetail',
    summary: 'Buy',
    'x-summary-vi': 'Mua',
    parameters: [{ name: 'idempotency-key', in: 'header' }],
    requestBody: {
      content: { 'application/json': { example: { country: 'US', note: "it's", autoRenew: false, x: null } } },
    },
    responses: {},
    'x-errors': [],
  },
};

const detail: OperationView = {
  ...buy,
  method: 'GET',
  path: '/api/order/detail/{id}',
  op: {
    ...buy.op,
    requestBody: undefined,
    parameters: [
      { name: 'id', in: 'path', example: 'a b' },
      { name: 'page', in: 'query' },
      { name: 'tagType', in: 'query', example: 'v4' },
    ],
  },
};

describe('operationUrl', () => {
  it('should fill path parameters and send only the query parameters with examples', () => {
    expect(operationUrl(detail, 'http://h')).toBe('http://h/api/order/detail/a%20b?tagType=v4');
  });
});

describe('buildSnippet', () => {
  it('should quote a body with a single quote for the shell and for PHP', () => {
    const curl = buildSnippet('curl', buy, 'http://h', 'pk_1');
    expect(curl).toContain(`-d '{"country":"US","note":"it'\\''s","autoRenew":false,"x":null}'`);
    expect(curl).toContain(`-H 'X-Api-Key: pk_1'`);
    expect(buildSnippet('php', buy, 'http://h', 'pk_1')).toContain(
      `'{"country":"US","note":"it\\'s","autoRenew":false,"x":null}'`,
    );
  });

  it('should write Python literals and leave the key out where none is needed', () => {
    expect(toPython({ a: true, b: null, c: [1, 'x'] })).toBe(
      '{\n    "a": True,\n    "b": None,\n    "c": [1, "x"],\n}',
    );
    const open = { ...detail, op: { ...detail.op, security: [] } };
    expect(buildSnippet('node', open, 'http://h', 'pk_1')).not.toContain('X-Api-Key');
    expect(buildSnippet('python', detail, 'http://h', 'pk_1')).toContain('headers={"X-Api-Key": "pk_1"}');
  });
});
