import { escapeUserinfo, isUrlTemplate, renderPreset, type ProxyPreset, type TProxy } from '@proxy/contract';

export const EXPORT_FORMATS = ['txt', 'csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const FIELDS = ['host', 'port', 'username', 'password', 'protocol', 'country', 'expiresAt'] as const;
const DEFAULT_TEMPLATE = '{host}:{port}:{username}:{password}';

/**
 * A line from a template. In a URL-form template (`http://{username}:{password}@{host}:{port}`)
 * the credentials are percent-escaped, so a tool reads a password holding `@ : / %` whole.
 */
function applyTemplate(template: string, p: TProxy): string {
  const url = isUrlTemplate(template);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(FIELDS as readonly string[]).includes(name)) {
      return whole;
    }
    const v = String(p[name as (typeof FIELDS)[number]]);
    return url && (name === 'username' || name === 'password') ? escapeUserinfo(v) : v;
  });
}

function csvCell(v: string | number): string {
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** docs/wire-contract.md#proxies: export-all as txt (one line each, from a template), csv or json. */
export function renderExport(
  items: TProxy[],
  format: ExportFormat,
  template?: string,
): { body: string; contentType: string } {
  switch (format) {
    case 'txt':
      return {
        body: items.map((p) => applyTemplate(template || DEFAULT_TEMPLATE, p)).join('\n') + (items.length ? '\n' : ''),
        contentType: 'text/plain; charset=utf-8',
      };
    case 'csv': {
      const lines = [FIELDS.join(','), ...items.map((p) => FIELDS.map((f) => csvCell(p[f])).join(','))];
      return { body: lines.join('\n') + '\n', contentType: 'text/csv; charset=utf-8' };
    }
    case 'json':
      return {
        body: JSON.stringify(items.map((p) => Object.fromEntries(FIELDS.map((f) => [f, p[f]])))),
        contentType: 'application/json; charset=utf-8',
      };
  }
}

/** export-all with a tool's preset (docs/tool-links.md#presets). */
export function renderPresetExport(
  items: TProxy[],
  preset: ProxyPreset,
  changeIpUrls?: ReadonlyMap<string, string>,
): { body: string; contentType: string; ext: string } {
  return renderPreset(
    preset,
    items.map((p) => ({
      host: p.host,
      port: p.port,
      username: p.username,
      password: p.password,
      protocol: p.protocol,
      changeIpUrl: changeIpUrls?.get(p.id),
    })),
  );
}
