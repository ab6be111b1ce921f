import { decode, encode } from '@msgpack/msgpack';
import fc from 'fast-check';
import { documentAckAnswer, readDocumentAck } from '../../../src/protocol/document-ack-frame';
import { encodeMessage } from '../../../src/protocol/codec';
import { resolved } from '../../../src/protocol/message';

/** A documentAck request as clients build it ({method, params, id}: protocol.md §1.3). */
const ack = (fileId: unknown, revision: unknown, id: unknown) => encode({ method: 'file/documentAck', params: { id: fileId, revision }, id });

const uint32 = fc.integer({ min: 0, max: 0xffffffff });
const asciiId = fc.stringMatching(/^[\x00-\x7f]{1,128}$/);

describe('readDocumentAck', () => {
  it('reads every canonical acknowledgement: any ASCII file id of 1 to 128 characters, any 32-bit revision and id', () => {
    fc.assert(
      fc.property(asciiId, uint32, uint32, (fileId, revision, id) => {
        expect(readDocumentAck(ack(fileId, revision, id))).toEqual({ id, fileId, revision });
      }),
    );
  });

  it('reads the acknowledgements pitcher clients send', () => {
    expect(readDocumentAck(ack('5f0c1a8e-2b7d-4c11-9a3e-6d1f0b2c4e77', 1234, 98765))).toEqual({
      id: 98765,
      fileId: '5f0c1a8e-2b7d-4c11-9a3e-6d1f0b2c4e77',
      revision: 1234,
    });
  });

  // Each of these goes through the generic decoder and schema instead, which answers it as before.
  it.each<[string, Uint8Array]>([
    ['another method', encode({ method: 'file/documentOperation', params: { id: 'f', revision: 1 }, id: 1 })],
    ['another key order', encode({ params: { id: 'f', revision: 1 }, method: 'file/documentAck', id: 1 })],
    ['params in another order', encode({ method: 'file/documentAck', params: { revision: 1, id: 'f' }, id: 1 })],
    ['an extra param', encode({ method: 'file/documentAck', params: { id: 'f', revision: 1, extra: true }, id: 1 })],
    ['an extra key', encode({ method: 'file/documentAck', params: { id: 'f', revision: 1 }, id: 1, extra: 1 })],
    ['no id', encode({ method: 'file/documentAck', params: { id: 'f', revision: 1 } })],
    ['an empty file id', ack('', 1, 1)],
    ['a file id of 129 characters', ack('f'.repeat(129), 1, 1)],
    ['a file id that is not ASCII', ack('fé', 1, 1)],
    ['a file id that is a number', ack(7, 1, 1)],
    ['a negative revision', ack('f', -1, 1)],
    ['a fractional revision', ack('f', 1.5, 1)],
    ['a revision beyond 32 bits', ack('f', 2 ** 40, 1)],
    ['a revision that is a string', ack('f', '1', 1)],
    ['a negative id', ack('f', 1, -1)],
    ['a null id', ack('f', 1, null)],
  ])('leaves %s to the generic path', (_name, frame) => {
    expect(readDocumentAck(frame)).toBeUndefined();
  });

  it('leaves a frame with bytes after the request, and every truncation of one, to the generic path', () => {
    const frame = ack('5f0c1a8e-2b7d-4c11-9a3e-6d1f0b2c4e77', 300, 70000);
    expect(readDocumentAck(new Uint8Array([...frame, 0xc0]))).toBeUndefined();
    for (let length = 0; length < frame.length; length++) expect(readDocumentAck(frame.subarray(0, length))).toBeUndefined();
  });
});

describe('documentAckAnswer', () => {
  it('is byte for byte the generic encoding of the answer', () => {
    fc.assert(
      fc.property(uint32, fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (id, revision) => {
        expect(documentAckAnswer(id, revision)).toEqual(encodeMessage(resolved(id, 'file/documentAck', { revision })));
      }),
    );
    expect(decode(documentAckAnswer(3, 4))).toEqual({ id: 3, method: 'file/documentAck', status: 0, result: { revision: 4 } });
  });
});
