/**
 * One table of wire error codes, shared by server and client.
 * 0..999: the published pitcher codes (protocol.md §6). 1000+: Bullpen's own, for input the
 * published protocol has no code for (see docs/adr/0002-pitcher-protocol-and-encoding.md).
 */
export enum PitcherErrorCode {
  CRITICAL_ERROR = 0,
  FEATURE_UNAVAILABLE = 1,
  NO_ACCESS = 2,
  RATE_LIMIT = 3,
  INVALID_ID = 100,
  INVALID_PATH = 101,
  RAWFS_ERROR = 102,
  SHELL_NOT_ACCESSIBLE = 200,
  SHELL_CLOSED = 201,
  SHELL_NOT_FOUND = 204,
  MODEL_NOT_FOUND = 300,
  GIT_OPERATION_IN_PROGRESS = 400,
  GIT_REMOTE_FILE_NOT_FOUND = 404,
  GIT_FETCH_FAIL = 410,
  GIT_PULL_CONFLICT = 420,
  GIT_RESET_LOCAL_REMOTE_ERROR = 430,
  GIT_PUSH_FAIL = 440,
  GIT_RESET_CHECKOUT_INITIAL_BRANCH_FAIL = 450,
  GIT_PULL_FAIL = 460,
  GIT_TRANSPOSE_LINES_FAIL = 470,
  CHANNEL_NOT_FOUND = 500,
  CONFIG_FILE_ALREADY_EXISTS = 600,
  TASK_NOT_FOUND = 601,
  COMMAND_ALREADY_CONFIGURED = 602,
  COMMAND_NOT_FOUND = 704,
  AI_NOT_AVAILABLE = 800,
  // Bullpen extensions
  MALFORMED_MESSAGE = 1000,
  INVALID_PARAMS = 1001,
  MESSAGE_TOO_LARGE = 1002,
  NOT_JOINED = 1003,
  ALREADY_JOINED = 1004,
  INVALID_OPERATION = 1010,
  INVALID_REVISION = 1011,
  FILE_NOT_OPEN = 1012,
  FILE_TOO_LARGE = 1013,
  CLIENT_TOO_SLOW = 1014,
  INVALID_TEXT = 1015,
}

/** The wire error object of a rejected request. */
export interface PitcherError {
  code: number;
  message: string;
  data?: unknown;
}

export const pitcherError = (code: PitcherErrorCode, message: string, data?: unknown): PitcherError =>
  data === undefined ? { code, message } : { code, message, data };

/** Largest frame the server accepts (a 5,000,000 character file plus framing fits). */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;
