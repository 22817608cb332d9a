// Just enough MIME decoding to read the product's mails (nodemailer output): headers, multipart,
// quoted-printable and base64. Vietnamese text makes nodemailer use quoted-printable, whose soft
// line breaks could otherwise split an OTP.

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
}

function splitHeadersBody(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) {
    return { head: raw, body: '' };
  }
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
  }
  return headers;
}

function param(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return match?.[1];
}

function decodeQuotedPrintable(body: string, charset: string): string {
  const unwrapped = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i] ?? '', 'utf8'));
    }
  }
  return new TextDecoder(charset).decode(Uint8Array.from(bytes));
}

function decodeBody(body: string, encoding: string, charset: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body, charset);
    case 'base64':
      return new TextDecoder(charset).decode(Buffer.from(body.replace(/\s+/g, ''), 'base64'));
    default:
      return body;
  }
}

/** RFC 2047 encoded words, e.g. =?UTF-8?Q?m=C3=A3?= in a Subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? new TextDecoder(charset).decode(Buffer.from(text, 'base64'))
        : decodeQuotedPrintable(text.replace(/_/g, ' '), charset),
    );
}

/** The text/plain content of a part, searching multipart bodies depth-first. */
function textOf(head: Map<string, string>, body: string): string | undefined {
  const type = head.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = param(type, 'boundary');
    if (!boundary) {
      return undefined;
    }
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) {
        break;
      }
      const { head: partHead, body: partBody } = splitHeadersBody(part.replace(/^\r?\n/, ''));
      const text = textOf(parseHeaders(partHead), partBody);
      if (text !== undefined) {
        return text;
      }
    }
    return undefined;
  }
  if (!/^text\/plain/i.test(type)) {
    return undefined;
  }
  return decodeBody(body, head.get('content-transfer-encoding') ?? '7bit', param(type, 'charset') ?? 'utf-8');
}

export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHeadersBody(raw);
  const headers = parseHeaders(head);
  return {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: textOf(headers, body) ?? '',
  };
}
