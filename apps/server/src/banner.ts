import type { Config } from './config.js';

/** What `npm start` says once the server is ready: where to go and what was set up. */
export interface Banner {
  panelUrl: string;
  /** The demo site (proxy-owner.localhost), when the database has it. */
  demoUrl: string | null;
  owner: { email: string | null; account: 'created' | 'updated' | 'none' };
  gateway: { mode: 'embedded' | 'off'; ports: [number, number] };
  echoPort: number;
  /** Where mails (sign-up and reset codes) go: an SMTP server, or this server's log. */
  mail: 'smtp' | 'log';
}

export function makeBanner(
  config: Config,
  state: { port: number; demo: boolean; owner: Banner['owner']['account']; echoPort: number },
): Banner {
  // A server listening on every interface is still reached through localhost from this machine.
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.HOST) ? 'localhost' : config.HOST;
  return {
    panelUrl: `http://${host.includes(':') ? `[${host}]` : host}:${state.port}`,
    demoUrl: state.demo ? `http://proxy-owner.localhost:${state.port}` : null,
    owner: { email: state.owner === 'none' ? null : (config.ADMIN_EMAIL ?? null), account: state.owner },
    gateway: { mode: config.GATEWAY, ports: config.GATEWAY_PORTS },
    echoPort: state.echoPort,
    mail: config.SMTP_URL ? 'smtp' : 'log',
  };
}

/** The banner for a person at a terminal. */
export function bannerText(b: Banner): string {
  const owner =
    b.owner.account === 'none'
      ? 'no owner account (set ADMIN_EMAIL and ADMIN_PASSWORD to create one)'
      : `${b.owner.email} (${b.owner.account === 'created' ? 'created now' : 'exists; password set from ADMIN_PASSWORD'})`;
  const gateway =
    b.gateway.mode === 'embedded'
      ? `embedded, proxy ports ${b.gateway.ports[0]}-${b.gateway.ports[1]}`
      : 'off (GATEWAY=off)';
  const lines = [
    '',
    'Proxy panel is ready',
    `  panel      ${b.panelUrl}`,
    ...(b.demoUrl ? [`  demo site  ${b.demoUrl}`] : []),
    `  owner      ${owner}`,
    `  gateway    ${gateway}`,
    `  echo       port ${b.echoPort} (what the proxy checker calls)`,
    `  mail       ${b.mail === 'smtp' ? 'sent through SMTP_URL' : 'written to this log (set SMTP_URL to send it): sign-up codes are here'}`,
    '',
  ];
  return lines.join('\n');
}

/** Plain text on a terminal; otherwise one JSON line, like the rest of the log. */
export function printBanner(b: Banner, out: NodeJS.WriteStream = process.stdout): void {
  if (out.isTTY) {
    out.write(`${bannerText(b)}\n`);
  } else {
    out.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: 'ready', banner: b })}\n`);
  }
}
