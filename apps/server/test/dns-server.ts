import { createSocket, type RemoteInfo } from 'node:dgram';
import { isIPv4, isIPv6 } from 'node:net';

const TYPE_A = 1;
const TYPE_AAAA = 28;

export interface DnsQuestion {
  name: string;
  type: number;
}

export interface TestDnsServer {
  /** `127.0.0.1:PORT`, as c-ares takes a server. */
  address: string;
  /** Every question asked so far, in order. */
  questions: DnsQuestion[];
  close(): Promise<void>;
}

/** Reads the question's name (uncompressed labels, as resolvers send it); null when malformed. */
function readName(msg: Buffer, start: number): { name: string; end: number } | null {
  const labels: string[] = [];
  let at = start;
  while (at < msg.length) {
    const len = msg[at]!;
    if (len === 0) {
      return { name: labels.join('.').toLowerCase(), end: at + 1 };
    }
    if (len > 63 || at + 1 + len > msg.length) {
      return null;
    }
    labels.push(msg.toString('latin1', at + 1, at + 1 + len));
    at += 1 + len;
  }
  return null;
}

function ipBytes(ip: string): Buffer {
  if (isIPv4(ip)) {
    return Buffer.from(ip.split('.').map(Number));
  }
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  const b = Buffer.alloc(16);
  groups.forEach((g, i) => b.writeUInt16BE(parseInt(g, 16), i * 2));
  return b;
}

/**
 * A minimal authoritative DNS server over UDP (RFC 1035) for the names it is given: A and AAAA
 * answers from `records`, NXDOMAIN for any other name, an empty answer for other types. Enough to
 * put a real resolver (c-ares) between a test and the addresses a name resolves to.
 */
export async function startDnsServer(records: Record<string, string[]>, ttlSec = 1): Promise<TestDnsServer> {
  const socket = createSocket('udp4');
  const questions: DnsQuestion[] = [];
  socket.on('message', (msg: Buffer, from: RemoteInfo) => {
    if (msg.length < 12 || msg.readUInt16BE(4) !== 1) {
      return;
    }
    const q = readName(msg, 12);
    if (!q || q.end + 4 > msg.length) {
      return;
    }
    const type = msg.readUInt16BE(q.end);
    questions.push({ name: q.name, type });
    const question = msg.subarray(12, q.end + 4);
    const known = records[q.name];
    const wanted = (known ?? []).filter((ip) => (type === TYPE_A ? isIPv4(ip) : type === TYPE_AAAA && isIPv6(ip)));
    const answers = wanted.map((ip) => {
      const rdata = ipBytes(ip);
      const rr = Buffer.alloc(12);
      // A pointer to the name in the question (offset 12).
      rr.writeUInt16BE(0xc00c, 0);
      rr.writeUInt16BE(type, 2);
      rr.writeUInt16BE(1, 4);
      rr.writeUInt32BE(ttlSec, 6);
      rr.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([rr, rdata]);
    });
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0);
    // QR, AA, RD copied from the query, RA; RCODE 3 (NXDOMAIN) for names we do not serve.
    const rd = msg.readUInt16BE(2) & 0x0100;
    header.writeUInt16BE(0x8000 | 0x0400 | rd | 0x0080 | (known ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, question, ...answers]), from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', resolve);
  });
  return {
    address: `127.0.0.1:${socket.address().port}`,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
