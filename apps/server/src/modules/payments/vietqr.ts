/**
 * VietQR: the EMVCo merchant-presented QR payload that Vietnamese banking apps read (NAPAS
 * "QRIBFTTA", transfer to an account). Built here rather than by a third-party service, so the
 * top-up page works offline and shows exactly what the bank will receive.
 */

/** One EMVCo TLV field: 2-digit id, 2-digit length, value. */
function tlv(id: string, value: string): string {
  const len = Buffer.byteLength(value, 'utf8');
  if (len > 99) {
    throw new Error(`EMVCo field ${id} is longer than 99 bytes`);
  }
  return `${id}${String(len).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor), 4 uppercase hex digits. */
export function crc16ccitt(data: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(data, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export interface VietQrInput {
  /** The bank's 6-digit NAPAS BIN, e.g. 970416 (ACB). */
  bin: string;
  accountNumber: string;
  /** VND; with an amount the QR is dynamic (01=12), without it static (01=11). */
  amount?: number;
  /** The transfer content (field 62, sub-field 08), e.g. the user's codeBill. */
  content?: string;
}

export function buildVietQr({ bin, accountNumber, amount, content }: VietQrInput): string {
  const merchant =
    tlv('00', 'A000000727') + tlv('01', tlv('00', bin) + tlv('01', accountNumber)) + tlv('02', 'QRIBFTTA');
  let payload =
    tlv('00', '01') + tlv('01', amount === undefined ? '11' : '12') + tlv('38', merchant) + tlv('53', '704');
  if (amount !== undefined) {
    payload += tlv('54', String(amount));
  }
  payload += tlv('58', 'VN');
  if (content) {
    payload += tlv('62', tlv('08', content));
  }
  payload += '6304';
  return payload + crc16ccitt(payload);
}
