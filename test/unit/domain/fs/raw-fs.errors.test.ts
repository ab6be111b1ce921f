import { RAW_ERRNO, rawFsMessage } from '../../../../src/domain/fs/raw-fs.errors';

describe('rawFsMessage', () => {
  it('gives the browser-mode texts of spec 002 §5 by error and call', () => {
    expect(rawFsMessage('ENOENT', 'readFile')).toBe('File not found');
    expect(rawFsMessage('ENOENT', 'readdir')).toBe('Directory not found');
    expect(rawFsMessage('ENOENT', 'mkdir')).toBe('Directory not found');
    expect(rawFsMessage('EEXIST', 'rename')).toBe('File already exists');
    expect(rawFsMessage('EEXIST', 'mkdir')).toBe('Directory already exists');
    expect(rawFsMessage('ENOTEMPTY', 'remove')).toBe('Directory not empty');
    expect(rawFsMessage('ENOTDIR', 'readdir')).toBe('Is not a directory');
  });

  it('leaves other errors to the system text', () => {
    expect(rawFsMessage('EACCES', 'readFile')).toBeUndefined();
    expect(rawFsMessage('EISDIR', 'readFile')).toBeUndefined();
  });

  it('uses the Linux errno values the SDK expects', () => {
    expect(RAW_ERRNO).toMatchObject({ ENOENT: -2, EEXIST: -17, ENOTDIR: -20, ENOTEMPTY: -39, EINVAL: -22 });
  });
});
