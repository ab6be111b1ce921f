import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { JOIN_PARAMS } from '../../scenario';
import { FixtureGroup } from '../recorder';

/** One setup step that takes long enough for a client to join while the workspace starts. */
const TASKS_JSON = JSON.stringify({ setupTasks: [{ name: 'Warm up', command: 'sleep 2' }] }, null, 2);

/**
 * The workspace's start-up (docs/protocol/system.md "Start-up"): the sandbox has a setup step that runs when the
 * workspace starts; A joins while it runs and is told where the start-up stands, then that it is ready.
 */
export const startupGroup: FixtureGroup = {
  name: 'startup',
  joinFirst: false,
  prepare({ filesDir }) {
    mkdirSync(path.join(filesDir, '.codesandbox'), { recursive: true });
    writeFileSync(path.join(filesDir, '.codesandbox', 'tasks.json'), TASKS_JSON);
  },
  async run(g) {
    await g.connect('A', { join: false });
    await g.fixture(
      'client/join.during-startup',
      {
        compare: 'shape',
        variable: 'which start-up step the workspace is at when the join arrives (git repository or the setup step)',
        note: 'The sandbox has a setup step (`sleep 2`) that runs when the workspace starts. A joins meanwhile: right after its join result it gets the latest system/initStatus, and later the one that says the workspace is ready.',
      },
      async (f) => {
        const joined = await f.ask('A', 'client/join', JOIN_PARAMS, [{ to: 'A', method: 'system/initStatus' }]);
        g.peer('A').joinResult = joined.result;
        await f.note('A', 'system/initStatus', (p) => p.progress === 100 && p.message === 'The workspace is ready');
      },
    );
  },
};
