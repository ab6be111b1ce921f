import { decode, encode } from '@msgpack/msgpack';
import { PROTOCOL_VERSION, PitcherErrorCode } from '../../../../../src/protocol';
import { ClientChannel } from '../../../../../src/server/application/workspace/client-session';
import { PitcherConnection } from '../../../../../src/server/application/workspace/pitcher-connection';
import { PitcherGrant } from '../../../../../src/server/application/workspace/pitcher-grant';
import { memoryWorkspace, plainTokens } from '../../../../support/server-fakes/memory-workspace';

/** A channel that records what was sent at once and what was sent lazily (ClientChannel.sendLazily). */
class RecordingChannel implements ClientChannel {
  readonly sent: Uint8Array[] = [];
  readonly lazy: Uint8Array[] = [];
  send(frame: Uint8Array): void {
    this.sent.push(frame);
  }
  sendLazily(frame: Uint8Array): void {
    this.lazy.push(frame);
  }
  close(): void {}
}

const grant: PitcherGrant = { sandboxId: 'sim', username: 'ann', name: 'Ann', access: 'write' };
let nextId = 0;

/** A documentAck in the canonical form clients build ({method, params: {id, revision}, id}) or with its params the other way round. */
const ack = (fileId: string, revision: number, canonical: boolean, id = nextId++) =>
  encode({ method: 'file/documentAck', params: canonical ? { id: fileId, revision } : { revision, id: fileId }, id });

async function connected(channel: ClientChannel) {
  const { workspace, tree } = await memoryWorkspace({ 'README.md': 'hello' });
  const connection = new PitcherConnection(
    { grant, reconnectToken: undefined, workspace: async () => workspace, currentAccess: async () => 'write', tokens: plainTokens, newId: () => 'ann-1', log: () => undefined },
    channel,
  );
  const fileId = tree.findByPath('/README.md')!.id;
  return { connection, fileId };
}

async function joinAndOpen(connection: PitcherConnection, fileId: string): Promise<void> {
  await connection.receive(encode({ method: 'client/join', params: { clientInfo: { protocolVersion: PROTOCOL_VERSION, appId: 'test' } }, id: nextId++ }));
  await connection.receive(encode({ method: 'file/open', params: { id: fileId }, id: nextId++ }));
}

describe('PitcherConnection: acknowledgements', () => {
  it('answers an acknowledgement lazily: its answer waits for the next frame to the client instead of a write of its own', async () => {
    const channel = new RecordingChannel();
    const { connection, fileId } = await connected(channel);
    await joinAndOpen(connection, fileId);
    const sentBefore = channel.sent.length;

    await connection.receive(ack(fileId, 0, true, 500));
    await connection.receive(ack(fileId, 0, false, 501));

    expect(channel.sent.length).toBe(sentBefore);
    expect(channel.lazy.map((frame) => decode(frame))).toEqual([
      { id: 500, method: 'file/documentAck', status: 0, result: { revision: 0 } },
      { id: 501, method: 'file/documentAck', status: 0, result: { revision: 0 } },
    ]);
  });

  it('answers the canonical form and any other form of an acknowledgement the same, also when it is refused', async () => {
    const answers = async (canonical: boolean) => {
      const channel = new RecordingChannel();
      const { connection, fileId } = await connected(channel);
      nextId = 0;
      await connection.receive(ack(fileId, 0, canonical)); // before joining
      await joinAndOpen(connection, fileId);
      await connection.receive(ack('no-such-file', 0, canonical));
      await connection.receive(ack(fileId, 3, canonical)); // ahead of the document: counted as its revision
      return [...channel.sent, ...channel.lazy].map((frame) => decode(frame) as { method?: string }).filter((m) => m.method === 'file/documentAck');
    };
    const canonical = await answers(true);
    expect(await answers(false)).toEqual(canonical);
    expect(canonical).toEqual([
      { id: 0, method: 'file/documentAck', status: 1, error: expect.objectContaining({ code: PitcherErrorCode.NOT_JOINED }) },
      { id: 3, method: 'file/documentAck', status: 1, error: expect.objectContaining({ code: PitcherErrorCode.FILE_NOT_OPEN }) },
      { id: 4, method: 'file/documentAck', status: 0, result: { revision: 0 } },
    ]);
  });

  it('answers through send on a channel that does not send lazily', async () => {
    const sent: Uint8Array[] = [];
    const { connection, fileId } = await connected({ send: (frame) => sent.push(frame), close: () => undefined });
    await joinAndOpen(connection, fileId);
    await connection.receive(ack(fileId, 0, true, 700));
    expect(decode(sent[sent.length - 1])).toEqual({ id: 700, method: 'file/documentAck', status: 0, result: { revision: 0 } });
  });
});
