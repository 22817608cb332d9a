import type { TKey, TProxy } from '@proxy/contract';

/** A proxy's address, host:port: what the lists show and what names it in the tool links. */
export function proxyAddress(p: Pick<TProxy, 'host' | 'port'>): string {
  return `${p.host}:${p.port}`;
}

/** docs/wire-contract.md#proxies: the default line is host:port:username:password. */
export function proxyLine(p: Pick<TProxy, 'host' | 'port' | 'username' | 'password'>): string {
  return `${proxyAddress(p)}:${p.username}:${p.password}`;
}

/** A key and its current proxy line, as the key export writes them. */
export function keyLine(k: Pick<TKey, 'key' | 'current'>): string {
  return k.current ? `${k.key} ${k.current}` : k.key;
}

/** The text of a .txt file: one line each, ending with a newline. */
export function linesToText(lines: readonly string[]): string {
  return lines.length ? `${lines.join('\n')}\n` : '';
}
