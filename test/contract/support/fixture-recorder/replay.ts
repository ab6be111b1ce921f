import { listFixtures, loadFixture } from '../fixtures';
import { Fixture, FixtureFrame, Json } from '../wire';
import { unexplainedMismatches } from './check-frames';
import { groupNamed, recordGroup } from './index';

type Message = Record<string, Json>;

/** What must stay the same even where content varies: who sent what, which method, response or notification, status, error code. */
export const skeleton = (frames: FixtureFrame[]) =>
  frames.map((f) => {
    const m = f.decoded as Message;
    const error = m.error as Message | undefined;
    return [f.direction, f.client, m.method, 'id' in m ? 'message' : 'notification', m.status ?? null, error?.code ?? null];
  });

/**
 * Re-runs the named recorder groups against fresh real servers (one per group) and compares every fixture they
 * produce with the stored one: 'exact' fixtures frame by frame (decoded value and bytes), 'shape' fixtures by their
 * skeleton and protocol.md's shapes. Registers one test per stored fixture of those groups.
 */
export function replayGroups(groupNames: string[]): void {
  const stored = new Map<string, Fixture>(listFixtures().map((name) => [name, loadFixture(name)]));
  const runs = new Map<string, Map<string, Fixture>>();

  beforeAll(async () => {
    for (const name of groupNames) runs.set(name, await recordGroup(groupNamed(name)));
  });

  for (const group of groupNames) {
    const names = [...stored].filter(([, f]) => f.group === group).map(([n]) => n);
    describe(`group ${group}`, () => {
      it('records exactly the stored fixtures of the group', () => {
        expect([...runs.get(group)!.keys()].sort()).toEqual(names.sort());
      });
      it.each(names)('%s: the server answers as recorded', (name) => {
        const expected = stored.get(name)!;
        const actual = runs.get(group)!.get(name);
        expect(actual).toBeDefined();
        expect(actual!.request).toEqual(expected.request);
        if (expected.compare === 'shape') {
          expect(skeleton(actual!.frames)).toEqual(skeleton(expected.frames));
          expect(unexplainedMismatches(actual!)).toEqual([]);
        } else {
          expect(actual!.frames.map((f) => [f.direction, f.client, f.decoded])).toEqual(expected.frames.map((f) => [f.direction, f.client, f.decoded]));
          expect(actual!.frames.map((f) => f.hex)).toEqual(expected.frames.map((f) => f.hex));
        }
      });
    });
  }
}
