/**
 * Messages of raw file-system errors (fs/readFile, fs/writeFile, fs/copy, …): the browser-mode texts of spec 002 §5
 * where one applies, by POSIX error code and call. The errno itself travels beside the message (protocol.md §3 fs).
 */
export type RawFsCall = 'readFile' | 'writeFile' | 'stat' | 'readdir' | 'copy' | 'rename' | 'remove' | 'mkdir' | 'watch' | 'upload' | 'download' | 'operation';

export const rawFsTexts = {
  directoryNotEmpty: 'Directory not empty',
  fileAlreadyExists: 'File already exists',
  directoryAlreadyExists: 'Directory already exists',
  fileNotFound: 'File not found',
  directoryNotFound: 'Directory not found',
  notADirectory: 'Is not a directory',
  invalidPath: 'Invalid path',
} as const;

/** The spec's text for an error code in a call, or undefined when the spec has none (the system's text is kept). */
export function rawFsMessage(code: string, call: RawFsCall): string | undefined {
  switch (code) {
    case 'ENOENT':
      return call === 'readdir' || call === 'mkdir' ? rawFsTexts.directoryNotFound : rawFsTexts.fileNotFound;
    case 'EEXIST':
      return call === 'mkdir' ? rawFsTexts.directoryAlreadyExists : rawFsTexts.fileAlreadyExists;
    case 'ENOTEMPTY':
      return rawFsTexts.directoryNotEmpty;
    case 'ENOTDIR':
      return rawFsTexts.notADirectory;
    default:
      return undefined;
  }
}

/** libuv's (negative) errno of the codes the server raises itself, as on Linux. */
export const RAW_ERRNO = {
  EPERM: -1,
  ENOENT: -2,
  EACCES: -13,
  EBUSY: -16,
  EEXIST: -17,
  ENOTDIR: -20,
  EINVAL: -22,
  EMFILE: -24,
  EFBIG: -27,
  ENOTEMPTY: -39,
} as const;
