import { RunningServer } from '../../../src/server/bullpen-server';
import { loadFixture } from '../support/fixtures';
import { runScenario, ScenarioResult } from '../support/scenario';
import { removeDir, startTestServer, tempDataDir } from '../support/server-harness';
import { FIXTURE_NAMES, FixtureName, encodeJsonable, toHex } from '../support/wire';

jest.setTimeout(30_000);

/** Replays the recorded scenario against a fresh real server and compares every normalised frame. */
describe('server matches the recorded wire fixtures', () => {
  let dataDir: string;
  let server: RunningServer;
  let run: ScenarioResult;

  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await startTestServer(dataDir);
    run = await runScenario(server, dataDir);
  });
  afterAll(async () => {
    await server?.close();
    removeDir(dataDir);
  });

  const exact: FixtureName[] = FIXTURE_NAMES.filter((n) => n !== 'shell-round-trip');

  it.each(exact)('%s: frames deep-equal and re-encode to the recorded hex', (name) => {
    const fixture = loadFixture(name);
    const actual = run.fixtures[name];
    expect(actual.request).toEqual(fixture.request);
    expect(actual.frames.map((f) => [f.direction, f.client, f.decoded])).toEqual(fixture.frames.map((f) => [f.direction, f.client, f.decoded]));
    expect(actual.frames.map((f) => f.hex)).toEqual(fixture.frames.map((f) => f.hex));
    // The fixture's hex is the codec's encoding of its decoded value (reproducible).
    for (const f of fixture.frames) expect(toHex(encodeJsonable(f.decoded))).toBe(f.hex);
  });

  it('shell-round-trip: create/in exchanges equal the fixture; output contains contract-42', () => {
    const fixture = loadFixture('shell-round-trip');
    const actual = run.fixtures['shell-round-trip'];
    const head = (frames: typeof actual.frames) => frames.slice(0, 4).map((f) => [f.direction, f.decoded, f.hex]);
    expect(head(actual.frames)).toEqual(head(fixture.frames));
    const outs = actual.frames.slice(4);
    expect(outs.length).toBeGreaterThan(0);
    for (const f of outs) expect(f.decoded).toMatchObject({ method: 'shell/out', params: { shellId: '<id-10>' } });
    const joined = outs.map((f) => (f.decoded as { params: { out: string } }).params.out).join('');
    expect(joined).toContain('contract-42');
    expect(run.shellOutput).toMatch(/contract-42\r?\n/);
    const recorded = fixture.frames.slice(4).map((f) => (f.decoded as { params: { out: string } }).params.out).join('');
    expect(recorded).toContain('contract-42');
  });
});
