/**
 * Local stand-ins for the upstream proxies a chained proxy dials through (a supplier's proxy),
 * speaking the real protocols: HTTP CONNECT (RFC 9110 §9.3.6) with `Proxy-Authorization: Basic`,
 * and SOCKS5 (RFC 1928) with username/password (RFC 1929). Each can also misbehave the ways a
 * real upstream does: answer garbage, or accept and never answer.
 */
import net, { type Socket } from 'node:net';

export interface FakeUpstreamOptions {
  protocol: 'http' | 'socks5';
  /** Required credentials, or a check of each pair (one upstream serving many accounts); null: none asked for. */
  auth?: [string, string] | ((user: string, pass: string) => boolean) | null;
  /** The local address it dials destinations from, so a target can tell this upstream's traffic apart. */
  egress?: string;
  /** `ok`: a working proxy; `garbage`: answers bytes that are no proxy reply; `silent`: never answers. */
  mode?: 'ok' | 'garbage' | 'silent';
}

export interface FakeUpstream {
  port: number;
  /** Connections accepted. */
  connections(): number;
  /** Destinations it was asked for (`host:port`), in order, including refused ones. */
  targets(): string[];
  /** Handshakes refused for their credentials. */
  authFailures(): number;
  close(): Promise<void>;
}

/** Buffered reads of a socket during a handshake; `detach()` hands over what is left. */
function handshakeReader(socket: Socket) {
  let buf = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  let ended = false;
  const onData = (chunk: Buffer) => {
    buf = Buffer.concat([buf, chunk]);
    wake?.();
  };
  const onEnd = () => {
    ended = true;
    wake?.();
  };
  socket.on('data', onData);
  socket.on('end', onEnd);
  socket.on('close', onEnd);
  const wait = async (ready: () => number): Promise<Buffer> => {
    for (;;) {
      const n = ready();
      if (n >= 0) {
        const out = buf.subarray(0, n);
        buf = buf.subarray(n);
        return out;
      }
      if (ended) {
        throw new Error('client left during the handshake');
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  };
  return {
    take: (n: number) => wait(() => (buf.length >= n ? n : -1)),
    until: (delimiter: string) =>
      wait(() => {
        const i = buf.indexOf(delimiter);
        return i === -1 ? -1 : i + delimiter.length;
      }),
    detach(): Buffer {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
      return buf;
    },
  };
}

type Reader = ReturnType<typeof handshakeReader>;

/** Connects to the destination and relays both ways once `reply` is written; `failed` on an error. */
function relayTo(
  client: Socket,
  reader: Reader,
  to: { host: string; port: number; egress?: string },
  reply: Buffer,
  failed: Buffer,
): void {
  const target = net.connect({
    host: to.host === 'localhost' ? '127.0.0.1' : to.host,
    port: to.port,
    ...(to.egress ? { localAddress: to.egress } : {}),
  });
  target.on('error', () => {
    if (!client.destroyed) {
      client.end(failed);
    }
  });
  target.once('connect', () => {
    const rest = reader.detach();
    if (rest.length > 0) {
      target.write(rest);
    }
    client.pipe(target);
    target.pipe(client);
    client.on('close', () => target.destroy());
    target.on('close', () => client.destroy());
    client.write(reply);
  });
}

const sameCreds = (want: [string, string] | ((user: string, pass: string) => boolean), user: string, pass: string) =>
  typeof want === 'function' ? want(user, pass) : want[0] === user && want[1] === pass;

async function serveHttp(client: Socket, reader: Reader, o: FakeUpstreamOptions, seen: Seen): Promise<void> {
  const head = (await reader.until('\r\n\r\n')).toString('latin1');
  const m = /^CONNECT (\S+) HTTP\/1\.1\r\n/.exec(head);
  if (m === null) {
    client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
    return;
  }
  const authority = m[1] as string;
  seen.targets.push(authority);
  if (o.auth) {
    const header = /\r\nProxy-Authorization: Basic ([A-Za-z0-9+/=]+)\r\n/i.exec(head);
    const [user = '', ...pass] = Buffer.from(header?.[1] ?? '', 'base64')
      .toString()
      .split(':');
    if (!sameCreds(o.auth, user, pass.join(':'))) {
      seen.authFailures += 1;
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="fake"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
  }
  const i = authority.lastIndexOf(':');
  const host = authority.slice(0, i).replace(/^\[|\]$/g, '');
  relayTo(
    client,
    reader,
    { host, port: Number(authority.slice(i + 1)), egress: o.egress },
    Buffer.from('HTTP/1.1 200 Connection established\r\n\r\n'),
    Buffer.from('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'),
  );
}

function socksAddress(atyp: number, addr: Buffer): string {
  if (atyp === 0x01) {
    return [...addr].join('.');
  }
  if (atyp === 0x04) {
    const groups: string[] = [];
    for (let i = 0; i < 16; i += 2) {
      groups.push(addr.readUInt16BE(i).toString(16));
    }
    return groups.join(':');
  }
  return addr.subarray(1).toString('latin1');
}

async function serveSocks(client: Socket, reader: Reader, o: FakeUpstreamOptions, seen: Seen): Promise<void> {
  const [, count] = await reader.take(2);
  const methods = [...(await reader.take(count as number))];
  const want = o.auth ? 0x02 : 0x00;
  if (!methods.includes(want)) {
    client.end(Buffer.from([0x05, 0xff]));
    return;
  }
  client.write(Buffer.from([0x05, want]));
  if (o.auth) {
    const [, ulen] = await reader.take(2);
    const user = (await reader.take(ulen as number)).toString();
    const [plen] = await reader.take(1);
    const pass = (await reader.take(plen as number)).toString();
    if (!sameCreds(o.auth, user, pass)) {
      seen.authFailures += 1;
      client.end(Buffer.from([0x01, 0x01]));
      return;
    }
    client.write(Buffer.from([0x01, 0x00]));
  }
  const [, , , atyp] = await reader.take(4);
  const addrLen = atyp === 0x01 ? 4 : atyp === 0x04 ? 16 : 1 + ((await reader.take(1))[0] as number);
  const addr =
    atyp === 0x03
      ? Buffer.concat([Buffer.from([addrLen - 1]), await reader.take(addrLen - 1)])
      : await reader.take(addrLen);
  const port = (await reader.take(2)).readUInt16BE(0);
  const host = socksAddress(atyp as number, addr);
  seen.targets.push(atyp === 0x04 ? `[${host}]:${port}` : `${host}:${port}`);
  const reply = (rep: number) => Buffer.from([0x05, rep, 0x00, 0x01, 127, 0, 0, 1, 0, 0]);
  relayTo(client, reader, { host, port, egress: o.egress }, reply(0x00), reply(0x05));
}

interface Seen {
  connections: number;
  targets: string[];
  authFailures: number;
}

export async function startFakeUpstream(o: FakeUpstreamOptions): Promise<FakeUpstream> {
  const seen: Seen = { connections: 0, targets: [], authFailures: 0 };
  const sockets = new Set<Socket>();
  const server = net.createServer((client) => {
    seen.connections += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    const mode = o.mode ?? 'ok';
    if (mode === 'silent') {
      client.resume();
      return;
    }
    if (mode === 'garbage') {
      client.resume();
      client.write('SSH-2.0-OpenSSH_9.6\r\n\r\n');
      return;
    }
    const reader = handshakeReader(client);
    const serve = o.protocol === 'socks5' ? serveSocks : serveHttp;
    serve(client, reader, o, seen).catch(() => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => seen.connections,
    targets: () => [...seen.targets],
    authFailures: () => seen.authFailures,
    close: () => {
      for (const s of sockets) {
        s.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
