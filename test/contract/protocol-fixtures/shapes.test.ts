import { checkFixture, checkFrame, deviationOf, refusedAsInvalid, unexplainedMismatches } from '../support/fixture-recorder/check-frames';
import { listFixtures, loadFixture } from '../support/fixtures';
import { KNOWN_DEVIATIONS } from '../support/protocol-shapes';
import { Json, encodeJsonable, toHex } from '../support/wire';

type Message = Record<string, Json>;
const names = listFixtures();

/** A fixture's frame (the first incoming one matching), deep-copied so a test may change it. */
function frameOf(name: string, match: (m: Message) => boolean): Message {
  const frame = loadFixture(name).frames.find((f) => f.direction === 'in' && match(f.decoded as Message));
  if (!frame) throw new Error(`no such frame in ${name}`);
  return JSON.parse(JSON.stringify(frame.decoded)) as Message;
}
const response = (name: string) => frameOf(name, (m) => 'id' in m);
const paths = (decoded: Message) => checkFrame(decoded, 'in').map((m) => m.path);
/** A fixture's request frame, deep-copied. */
function requestOf(name: string): Message {
  return JSON.parse(JSON.stringify(loadFixture(name).request)) as Message;
}
const requestPaths = (decoded: Message) => checkFrame(decoded, 'out').map((m) => m.path);

describe('every recorded frame has the shape protocol.md gives it', () => {
  it.each(names)('%s', (name) => {
    expect(unexplainedMismatches(loadFixture(name))).toEqual([]);
  });

  it.each(names)('%s: each frame is the protocol codec encoding of its decoded value', (name) => {
    for (const f of loadFixture(name).frames) expect(toHex(encodeJsonable(f.decoded))).toBe(f.hex);
  });

  it('still sees every known deviation (remove one from KNOWN_DEVIATIONS when it is fixed)', () => {
    const seen = names.flatMap((n) => checkFixture(loadFixture(n))).map(deviationOf);
    expect(KNOWN_DEVIATIONS.filter((d) => !seen.includes(d)).map((d) => d.reported)).toEqual([]);
  });
});

describe('the shape checker reports the path of each mismatch', () => {
  it('a missing required field', () => {
    const status = response('git/status');
    delete (status.result as Message).branch;
    expect(paths(status)).toEqual(['$.result.branch']);
  });

  it('a wrong type, and a literal outside its union', () => {
    const stat = response('fs/stat');
    (stat.result as Message).type = 'file';
    (stat.result as Message).size = '11';
    expect(paths(stat)).toEqual(['$.result.type', '$.result.size']);
    const shell = response('shell/create');
    (shell.result as Message).status = 'DONE';
    expect(paths(shell)).toEqual(['$.result.status']);
  });

  it('an unknown field, also deep inside arrays and maps', () => {
    const read = response('fs/readFile');
    (read.result as Message).encoding = 'utf8';
    expect(checkFrame(read, 'in')).toEqual([{ path: '$.result.encoding', problem: 'unknown field (string)' }]);
    const list = frameOf('task/list.config-parse-error', (m) => m.method === 'task/list');
    ((list.result as Message).tasks as Record<string, Message>).greet.color = 'red';
    expect(paths(list)).toEqual(['$.result.tasks.greet.color']);
    const tree = response('fs/read');
    ((tree.result as Message).treeNodes as Message[])[2].parentId = 3;
    expect(paths(tree)).toEqual(['$.result.treeNodes[2].parentId']);
  });

  it('a raw fs error without data.errno (the SDK reads it), and a notification with a bad envelope', () => {
    const error = response('fs/readFile.error-enoent');
    delete ((error.error as Message).data as Message).errno;
    expect(paths(error)).toEqual(['$.error.data.errno']);
    const note = frameOf('file/save', (m) => !('id' in m));
    (note.params as Message).isBinary = 'no';
    note.extra = 1;
    expect(paths(note).sort()).toEqual(['$.extra', '$.params.isBinary']);
  });

  it("a request's params: a wrong type, a missing field, an unknown field, an array as params, null params", () => {
    const write = requestOf('fs/writeFile');
    (write.params as Message).content = 'first note';
    expect(requestPaths(write)).toEqual(['$.params.content']);
    const resize = requestOf('shell/resize');
    delete ((resize.params as Message).size as Message).cols;
    expect(requestPaths(resize)).toEqual(['$.params.size.cols']);
    const open = requestOf('file/open');
    (open.params as Message).follow = true;
    expect(checkFrame(open, 'out')).toEqual([{ path: '$.params.follow', problem: 'unknown field (boolean)' }]);
    const transpose = requestOf('git/transposeLines');
    ((transpose.params as Message[])[1] as Message).line = '1';
    expect(requestPaths(transpose)).toEqual(['$.params[1].line']);
    const read = requestOf('fs/read');
    read.params = { depth: 1 };
    expect(requestPaths(read)).toEqual(['$.params']);
    expect(requestPaths({ method: 'fs/nothing', params: {}, id: 1 })).toEqual(['$.method']);
  });

  it('the requests recorded with bad params on purpose do not fit, and every request that does not fit was refused INVALID_PARAMS', () => {
    for (const name of ['client/list.error-invalid-params', 'fs/stat.error-invalid-params', 'port/list.error-invalid-params']) {
      expect({ name, mismatches: requestPaths(loadFixture(name).request as Message).length > 0 }).toEqual({ name, mismatches: true });
    }
    const misfits = names.flatMap((name) => {
      const fixture = loadFixture(name);
      return checkFixture(fixture)
        .filter((m) => m.path.startsWith('$.params') && m.what.endsWith(' request') && !deviationOf(m))
        .map((m) => ({ name, frame: m.frame, refused: refusedAsInvalid(fixture, m.frame) }));
    });
    expect(misfits.length).toBeGreaterThanOrEqual(3);
    expect(misfits.filter((m) => !m.refused)).toEqual([]);
  });

  it('a notification or request the protocol does not have', () => {
    expect(paths({ method: 'fs/nothing', params: {} })).toEqual(['$.method']);
    expect(paths({ id: 1, method: 'fs/nothing', status: 0, result: null })).toEqual(['$.method']);
  });
});
