import { replayGroups } from '../support/fixture-recorder/replay';

jest.setTimeout(120_000);

/** The client, file, fs (with search) and shell scenarios against a fresh real server each: answers as recorded. */
describe('server against the recorded fixtures: client, file, fs, shell', () => replayGroups(['client-file', 'fs', 'shell']));
