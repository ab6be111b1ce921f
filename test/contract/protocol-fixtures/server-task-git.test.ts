import { replayGroups } from '../support/fixture-recorder/replay';

jest.setTimeout(120_000);

/** The task, setup, port and git scenarios against a fresh real server each: answers as recorded. */
describe('server against the recorded fixtures: task, setup, port, git', () => replayGroups(['task-setup-port', 'git']));
