/**
 * Every proxy port speaks both protocols: the client's first byte says which. A SOCKS5 greeting
 * starts with its version, 0x05; an HTTP request starts with a method token (letters), so the two
 * never overlap. The proxy's own protocol stays what exports and lines show; this only decides
 * which parser reads the client.
 */
import type { Access, Handshake } from './handshake.js';
import { HttpHandshake } from './http-handshake.js';
import { SocksHandshake } from './socks-handshake.js';

export const SOCKS5_VERSION = 0x05;

/** The protocol a client speaks, from the first byte it sent. */
export function detectProtocol(firstByte: number): 'socks5' | 'http' {
  return firstByte === SOCKS5_VERSION ? 'socks5' : 'http';
}

/** The handshake for a client whose first byte is `firstByte`. */
export function handshakeFor(firstByte: number, access: Access, maxBytes: number): Handshake {
  return firstByte === SOCKS5_VERSION ? new SocksHandshake(access, maxBytes) : new HttpHandshake(access, maxBytes);
}
