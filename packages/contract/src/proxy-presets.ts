/**
 * Export presets for the tools customers import proxies into (docs/tool-links.md#presets), and the
 * escaping every URL-form line needs: a password with `@ : / %` must be percent-escaped inside
 * `scheme://user:pass@host:port` or the tool splits the line in the wrong place. Pure, so the server
 * (export-all, list URLs) and the web (the export dialog's preview) write the same bytes.
 */

export const PROXY_PRESETS = ['adspower', 'dolphin', 'gologin', 'multilogin', 'ixbrowser', 'proxifier'] as const;
export type ProxyPreset = (typeof PROXY_PRESETS)[number];

/** What a preset needs of a proxy. */
export interface PresetProxy {
  host: string;
  port: number;
  username: string;
  password: string;
  protocol: 'http' | 'socks5';
  /** The proxy's change-IP URL when it has one (Dolphin Anty stores it beside the proxy). */
  changeIpUrl?: string;
}

/** RFC 3986 userinfo: everything but unreserved characters is escaped. */
export function escapeUserinfo(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function bracketHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** `scheme://user:pass@host:port` with the credentials percent-escaped. */
export function proxyUrl(p: Omit<PresetProxy, 'changeIpUrl'>, scheme: string = p.protocol): string {
  return `${scheme}://${escapeUserinfo(p.username)}:${escapeUserinfo(p.password)}@${bracketHost(p.host)}:${p.port}`;
}

/** A line template is URL-form when its credentials sit in a URL's authority. */
export function isUrlTemplate(template: string): boolean {
  return template.includes('://') || /\{password\}@/.test(template) || /\{username\}@/.test(template);
}

function xml(s: string | number): string {
  return String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

function colonLine(p: PresetProxy): string {
  return `${p.host}:${p.port}:${p.username}:${p.password}`;
}

/** Proxifier's profile (.ppx): a ProxyList of HTTPS (CONNECT) or SOCKS5 servers with their logins. */
function proxifierProfile(items: PresetProxy[]): string {
  const proxies = items.map(
    (p, i) =>
      `    <Proxy id="${100 + i}" type="${p.protocol === 'socks5' ? 'SOCKS5' : 'HTTPS'}">\n` +
      `      <Address>${xml(p.host)}</Address>\n` +
      `      <Port>${p.port}</Port>\n` +
      `      <Options>48</Options>\n` +
      `      <Authentication enabled="true">\n` +
      `        <Username>${xml(p.username)}</Username>\n` +
      `        <Password>${xml(p.password)}</Password>\n` +
      `      </Authentication>\n` +
      `    </Proxy>\n`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<ProxifierProfile version="102" platform="Windows" product_id="0" product_minver="400">\n` +
    `  <ProxyList>\n${proxies.join('')}  </ProxyList>\n` +
    `</ProxifierProfile>\n`
  );
}

/** The file a preset writes: its text, MIME type and file extension. */
export function renderPreset(
  preset: ProxyPreset,
  items: PresetProxy[],
): { body: string; contentType: string; ext: string } {
  const text = (lines: string[]) => ({
    body: lines.join('\n') + (lines.length ? '\n' : ''),
    contentType: 'text/plain; charset=utf-8',
    ext: 'txt',
  });
  switch (preset) {
    // AdsPower and Multilogin: host:port:user:pass, the proxy type picked in their import dialog.
    case 'adspower':
    case 'multilogin':
      return text(items.map(colonLine));
    // Dolphin Anty: type://login:password@host:port, its change-IP link in square brackets.
    case 'dolphin':
      return text(items.map((p) => `${proxyUrl(p)}${p.changeIpUrl ? `[${p.changeIpUrl}]` : ''}`));
    // GoLogin and ixBrowser: type://login:password@host:port.
    case 'gologin':
    case 'ixbrowser':
      return text(items.map((p) => proxyUrl(p)));
    case 'proxifier':
      return { body: proxifierProfile(items), contentType: 'application/xml; charset=utf-8', ext: 'ppx' };
  }
}
