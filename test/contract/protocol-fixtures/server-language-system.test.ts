import { replayGroups } from '../support/fixture-recorder/replay';

jest.setTimeout(120_000);

/** The language, system, channel, command, notification and container scenarios, and the start-up, against a fresh real server each. */
describe('server against the recorded fixtures: language, system and the small families', () => replayGroups(['language', 'system', 'startup']));
