/**
 * A complete, unmasked, final binary websocket frame (RFC 6455 §5.2): what a server sends for one binary message.
 * The pitcher endpoint frames a message once and writes the same bytes to every recipient (ADR 0025).
 */
export function binaryFrameHeader(payloadLength: number): Buffer {
  if (payloadLength < 126) return Buffer.from([0x82, payloadLength]);
  if (payloadLength < 0x10000) {
    const header = Buffer.allocUnsafe(4);
    header[0] = 0x82;
    header[1] = 126;
    header.writeUInt16BE(payloadLength, 2);
    return header;
  }
  const header = Buffer.allocUnsafe(10);
  header[0] = 0x82;
  header[1] = 127;
  header.writeUInt32BE(Math.floor(payloadLength / 0x100000000), 2);
  header.writeUInt32BE(payloadLength >>> 0, 6);
  return header;
}

/** Bytes of the header binaryFrameHeader writes for a payload of `payloadLength` bytes. */
export const binaryFrameHeaderLength = (payloadLength: number): number => (payloadLength < 126 ? 2 : payloadLength < 0x10000 ? 4 : 10);

/** Writes the header and `payload` into `target` at `offset`; returns the offset after it. */
export function writeBinaryFrame(target: Uint8Array, offset: number, payload: Uint8Array): number {
  const length = payload.byteLength;
  let at = offset;
  target[at++] = 0x82;
  if (length < 126) target[at++] = length;
  else if (length < 0x10000) {
    target[at++] = 126;
    target[at++] = length >>> 8;
    target[at++] = length & 0xff;
  } else {
    target[at++] = 127;
    const high = Math.floor(length / 0x100000000);
    for (const word of [high, length >>> 0]) {
      target[at++] = word >>> 24;
      target[at++] = (word >>> 16) & 0xff;
      target[at++] = (word >>> 8) & 0xff;
      target[at++] = word & 0xff;
    }
  }
  target.set(payload, at);
  return at + length;
}
