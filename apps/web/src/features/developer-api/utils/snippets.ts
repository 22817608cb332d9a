import { bodyExample, paramText, type OperationView } from './document';

/** The languages of the reference's ready-to-run snippets. */
export const SNIPPET_LANGUAGES = ['curl', 'python', 'node', 'php'] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

/** Shown in snippets when the page does not know the whole key (it is only returned once). */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** The full URL of an operation with its example path and query parameters. */
export function operationUrl(view: OperationView, baseUrl: string): string {
  let path = view.path;
  const query = new URLSearchParams();
  for (const p of view.op.parameters ?? []) {
    if (p.example === undefined || p.example === null) {
      continue;
    }
    if (p.in === 'path') {
      path = path.replace(`{${p.name}}`, encodeURIComponent(paramText(p.example)));
    } else if (p.in === 'query') {
      query.set(p.name, paramText(p.example));
    }
  }
  const qs = query.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const phpQuote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A JSON value as a Python literal (True/False/None, dicts and lists). */
export function toPython(value: unknown, indent = ''): string {
  if (value === null || value === undefined) {
    return 'None';
  }
  if (typeof value === 'boolean') {
    return value ? 'True' : 'False';
  }
  if (typeof value === 'number' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    return `[${value.map((v) => toPython(v, indent)).join(', ')}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) {
    return '{}';
  }
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${toPython(v, inner)},`).join('\n')}\n${indent}}`;
}

function needsKey(view: OperationView): boolean {
  return !(Array.isArray(view.op.security) && view.op.security.length === 0);
}

/** A ready-to-run call of `view` in `lang`, carrying `apiKey`. */
export function buildSnippet(lang: SnippetLanguage, view: OperationView, baseUrl: string, apiKey: string): string {
  const url = operationUrl(view, baseUrl);
  const body = bodyExample(view.op);
  const json = body === undefined ? null : JSON.stringify(body);
  const keyed = needsKey(view);
  const method = view.method;
  switch (lang) {
    case 'curl':
      return [
        `curl -sS${method === 'GET' ? '' : ` -X ${method}`} ${shellQuote(url)}`,
        ...(keyed ? [`  -H ${shellQuote(`X-Api-Key: ${apiKey}`)}`] : []),
        ...(json ? [`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(json)}`] : []),
      ].join(' \\\n');
    case 'python':
      return [
        'import requests',
        '',
        `response = requests.request(`,
        `    ${JSON.stringify(method)},`,
        `    ${JSON.stringify(url)},`,
        ...(keyed ? [`    headers={"X-Api-Key": ${JSON.stringify(apiKey)}},`] : []),
        ...(body === undefined ? [] : [`    json=${toPython(body, '    ')},`]),
        '    timeout=30,',
        ')',
        'print(response.status_code, response.text)',
      ].join('\n');
    case 'node': {
      const headers = [
        ...(keyed ? [`'X-Api-Key': ${JSON.stringify(apiKey)}`] : []),
        ...(json ? [`'Content-Type': 'application/json'`] : []),
      ];
      return [
        `const response = await fetch(${JSON.stringify(url)}, {`,
        `  method: ${JSON.stringify(method)},`,
        ...(headers.length ? [`  headers: { ${headers.join(', ')} },`] : []),
        ...(json ? [`  body: JSON.stringify(${JSON.stringify(body, null, 2).replace(/\n/g, '\n  ')}),`] : []),
        '});',
        'console.log(response.status, await response.text());',
      ].join('\n');
    }
    case 'php': {
      const headers = [
        ...(keyed ? [phpQuote(`X-Api-Key: ${apiKey}`)] : []),
        ...(json ? [`'Content-Type: application/json'`] : []),
      ];
      return [
        '<?php',
        `$ch = curl_init(${phpQuote(url)});`,
        'curl_setopt_array($ch, [',
        `    CURLOPT_CUSTOMREQUEST => '${method}',`,
        '    CURLOPT_RETURNTRANSFER => true,',
        `    CURLOPT_HTTPHEADER => [${headers.join(', ')}],`,
        ...(json ? [`    CURLOPT_POSTFIELDS => ${phpQuote(json)},`] : []),
        ']);',
        '$response = curl_exec($ch);',
        'echo curl_getinfo($ch, CURLINFO_HTTP_CODE), "\\n", $response, "\\n";',
      ].join('\n');
    }
  }
}
