import { Transcript, checkTerminalName, exitedText, statusAfterExit, terminalStatusLabel } from '../../../../src/domain/terminal';

describe('terminal status', () => {
  it('ends FINISHED with exit code 0, ERROR above it, and stays KILLED when it was killed', () => {
    expect(statusAfterExit('RUNNING', 0)).toBe('FINISHED');
    expect(statusAfterExit('RUNNING', 1)).toBe('ERROR');
    expect(statusAfterExit('KILLED', 0)).toBe('KILLED');
  });

  it('labels an ended terminal with its exit code', () => {
    expect(terminalStatusLabel('RUNNING', undefined)).toBe('');
    expect(terminalStatusLabel('FINISHED', 0)).toBe('exit code 0');
    expect(terminalStatusLabel('ERROR', 2)).toBe('exit code 2');
    expect(terminalStatusLabel('KILLED', 130)).toBe('killed, exit code 130');
    expect(terminalStatusLabel('KILLED', undefined)).toBe('killed');
    expect(exitedText(3)).toBe('[Process exited with code 3]');
  });

  it('takes a trimmed, non-empty name of at most 4096 characters', () => {
    expect(checkTerminalName('  dev ')).toEqual({ ok: true, name: 'dev' });
    expect(checkTerminalName('  ')).toEqual({ ok: false, error: 'empty' });
    expect(checkTerminalName('x'.repeat(4097))).toEqual({ ok: false, error: 'too-long' });
  });
});

describe('Transcript', () => {
  it('keeps the most recent output within its limit, and a longer single chunk whole', () => {
    const transcript = new Transcript(10);
    transcript.append('abcd');
    transcript.append('efgh');
    transcript.append('ijkl');
    expect(transcript.all.join('')).toBe('efghijkl');
    transcript.append('x'.repeat(20));
    expect(transcript.all).toEqual(['x'.repeat(20)]);
    transcript.replace(['a', 'b']);
    expect(transcript.all.join('')).toBe('ab');
    expect(transcript.length).toBe(2);
  });
});
