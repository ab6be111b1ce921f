import { RepeatLimitedLog } from '../../../../../src/server/application/logging/repeat-limited-log';

describe('RepeatLimitedLog', () => {
  it('writes a message once per window and says how many repeats it left out', () => {
    let now = 0;
    const lines: string[] = [];
    const log = new RepeatLimitedLog((line) => lines.push(line), 1_000, () => now);
    for (let i = 0; i < 40; i++) {
      log.log('could not take the change on disk of a.txt: EACCES');
      now += 10;
    }
    log.log('another cause');
    expect(lines).toEqual(['could not take the change on disk of a.txt: EACCES', 'another cause']);
    now = 1_000;
    log.log('could not take the change on disk of a.txt: EACCES');
    expect(lines[2]).toBe('could not take the change on disk of a.txt: EACCES (39 more times since it was last written)');
  });
});
