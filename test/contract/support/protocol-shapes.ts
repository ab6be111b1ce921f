import { NotificationMethod, PitcherErrorCode, RequestMethod } from '../../../src/protocol';
import {
  Shape,
  addition,
  any,
  arr,
  bin,
  bool,
  booleans,
  extend,
  flags,
  lit,
  map,
  nil,
  nullable,
  num,
  obj,
  opt,
  str,
  union,
} from './fixture-recorder/shape-checker';

/**
 * The wire shapes of /work/shared/docs/protocol.md (the published protocol), transcribed by hand field by field: §1.3
 * (frames), §2 (client/join), §3 (every family), §5 (fs/read, FSOperation), §6 (errors). Nothing here is derived from
 * Bullpen's own types, so a fixture recorded from the server is checked against the published protocol, not against
 * itself. Where protocol.md leaves a type open ("payload not shown", a bare field name) the Bullpen page that fills it
 * in is named next to it. Fields protocol.md does not have are allowed only where marked `addition(<page>, …)`.
 */

// §1.3 message shapes.
export const REQUEST_FRAME = obj({ method: str, params: any, id: num });
export const SUCCESS_FRAME = obj({ id: num, method: str, status: lit(0), result: any });
export const ERROR_FRAME = obj({ id: nullable(num), method: str, status: lit(1), error: any });
export const NOTIFICATION_FRAME = obj({ method: str, params: any });

/** §1.3 / §6: `{code, message, data?}`; `publicMessage?` is allowed by ProtocolError. */
export const PROTOCOL_ERROR = obj({ code: num, message: str, data: opt(any), publicMessage: opt(str) });

/** §3 fs: raw-fs errors are 102 RAWFS_ERROR with `data: {errno: number|null}` (the SDK reads data.errno). */
export const ERROR_DATA: Partial<Record<PitcherErrorCode, Shape>> = {
  [PitcherErrorCode.RAWFS_ERROR]: obj({
    errno: nullable(num),
    code: addition('docs/protocol/fs.md "Errors": data {errno, code, path}', str),
    path: addition('docs/protocol/fs.md "Errors": data {errno, code, path}', str),
  }),
};

// §2 client.
const clientJSON = obj({ clientId: str, username: str, name: str, avatarUrl: nullable(str), color: str, appId: str });
/** PitcherCapabilities: every leaf an optional boolean, except ai.* (numbers); box is 0.367's. */
const capabilities = obj({
  client: opt(flags('status', 'list')),
  file: opt(flags('status', 'openClose', 'openByPath', 'save', 'ot', 'selection')),
  fs: opt(flags('raw', 'read', 'operations', 'search', 'streamingSearch', 'pathSearch')),
  git: opt(flags('status', 'targetDiff', 'pull', 'discard', 'commit', 'renameBranch')),
  language: opt(flags('list', 'pitcherLsp')),
  port: opt(flags('list', 'status')),
  setup: opt(flags('get', 'skip', 'skipAll', 'setStep', 'progress')),
  shell: opt(flags('io', 'list', 'openClose', 'createTerminate', 'restart', 'resize', 'status')),
  task: opt(flags('list', 'run', 'stop', 'runCommand', 'create', 'update', 'saveToConfig', 'generateConfig', 'createSetupTasks')),
  channel: opt(flags('subscribe', 'message')),
  system: opt(flags('hibernation', 'update', 'metrics', 'containers')),
  command: opt(flags('list', 'execute')),
  ai: opt(obj({ raw: opt(num), suggestCommit: opt(num), chat: opt(num), embeddings: opt(num) })),
  box: opt(flags('installDependencies', 'installedDependencies')),
});
/** PitcherPermissions: Partial (groups optional), each leaf a boolean. */
const permissions = obj({
  file: opt(booleans('open', 'documentOperation', 'documentSelection', 'save', 'documentAck', 'close')),
  fs: opt(booleans('read', 'operation', 'search', 'pathSearch', 'upload', 'download')),
  language: opt(booleans('list', 'lspRead', 'lspWrite')),
  git: opt(booleans('status', 'pull', 'commit', 'discard', 'renameBranch', 'remoteContent', 'diffStatus', 'remotes', 'push')),
  setup: opt(booleans('get', 'skip', 'skipAll', 'setStep', 'enable', 'disable', 'init')),
  shell: opt(booleans('create', 'write', 'list', 'open', 'close', 'restart', 'terminate', 'resize')),
  task: opt(booleans('list', 'run', 'stop', 'runCommand', 'create', 'update', 'saveToConfig', 'generateConfig', 'createSetupTasks')),
  command: opt(booleans('list', 'execute')),
  system: opt(booleans('update', 'hibernate', 'metrics', 'containers')),
  ai: opt(obj({ suggest: opt(bool), explain: opt(bool), raw: opt(bool), chat: opt(bool), embeddings: opt(bool) })),
  // Bullpen's additions, documented in docs/protocol/client.md ("Permissions").
  channel: opt(booleans('subscribe', 'message')),
  notification: opt(booleans('respond')),
  container: opt(booleans('setup')),
});
const clientJoinResult = obj({
  client: clientJSON,
  workspacePath: str,
  version: str,
  protocolVersion: str,
  latestPitcherVersion: str,
  capabilities,
  permissions,
  isProtected: bool,
  reconnectToken: str,
});

// §3 file, §4.
const selection = arr(obj({ anchor: num, head: num }));
const fileObject = obj({
  id: str,
  isBinary: bool,
  content: union(str, bin),
  document: nullable(obj({ clients: map(nullable(selection)), revision: num })),
  savedHash: str,
  clients: map(obj({ username: str })),
});
const fileJoinLeave = obj({ id: str, isBinary: bool, clientId: str, username: str });
const operationReason = lit(0, 1, 2);

// §3 fs, §5.
const nodeType = lit(0, 1);
/** JSONNode: the root has id "0", type 1 and nil name and parentId. */
const jsonNode = obj({ id: str, type: nodeType, name: nullable(str), parentId: nullable(str) });
const fsOperation = union(
  obj({ type: lit('create'), parentId: str, newEntry: obj({ id: str, type: nodeType, name: str }) }),
  obj({ type: lit('delete'), id: str }),
  obj({ type: lit('move'), id: str, parentId: opt(str), name: opt(str) }),
);
const submatch = obj({ match: obj({ text: str }), start: num, end: num });
const searchResult = obj({ fileId: str, lines: obj({ text: str }), lineNumber: num, absoluteOffset: num, submatches: arr(submatch) });
/** StreamingSearchResult: like SearchResult with fileId? and filepath. */
const streamingSearchResult = obj({
  fileId: opt(str),
  filepath: str,
  lines: obj({ text: str }),
  lineNumber: num,
  absoluteOffset: num,
  submatches: arr(submatch),
});
const empty = obj({});

// §3 shell.
const shellStatus = lit('RUNNING', 'FINISHED', 'ERROR', 'KILLED', 'RESTARTING');
const shellBase = { shellId: str, name: str, status: shellStatus, exitCode: opt(num) };
const commandShell = obj({ ...shellBase, shellType: lit('COMMAND'), startCommand: str });
const terminalShell = obj({ ...shellBase, shellType: lit('TERMINAL'), ownerUsername: str, isSystemShell: bool });
const shellDTO = union(commandShell, terminalShell);
const openShellDTO = union(extend(commandShell, { buffer: arr(str) }), extend(terminalShell, { buffer: arr(str) }));

// §3 port, setup, task.
const port = obj({ port: num, url: str });
const setupProgress = obj({
  state: lit('IDLE', 'IN_PROGRESS', 'FINISHED', 'STOPPED'),
  steps: arr(obj({ name: str, command: str, shellId: nullable(str), finishStatus: nullable(lit('SUCCEEDED', 'FAILED', 'SKIPPED')) })),
  currentStepIndex: num,
});
const taskDefinitionFields = {
  name: str,
  command: str,
  runAtStart: opt(bool),
  preview: opt(obj({ port: opt(num), 'pr-link': opt(lit('direct', 'redirect', 'devtool')) })),
};
const taskDefinition = obj(taskDefinitionFields);
/** TaskDTO = TaskDefinitionDTO + {id, unconfigured?, shell: CommandShellDTO|null, ports: Port[]}. */
const taskDTO = obj({ ...taskDefinitionFields, id: str, unconfigured: opt(bool), shell: nullable(commandShell), ports: arr(port) });
const taskList = obj({ tasks: map(taskDTO), setupTasks: arr(taskDefinition), validationErrors: arr(str) });

// §3 git. protocol.md names Branch's and GitStatus's fields without types: docs/protocol/git.md gives them
// (head/branch null without an upstream, branch null on a detached HEAD, conflicts a boolean).
const gitLetter = lit('', 'M', 'A', 'D', 'R', 'C', 'U', '?');
const gitItem = obj({ path: str, index: gitLetter, workingTree: gitLetter, isStaged: bool, isConflicted: bool, fileId: opt(str), oldPath: opt(str) });
const gitBranch = obj({ head: nullable(str), branch: nullable(str), ahead: num, behind: num, safe: bool });
const gitCommit = obj({ hash: str, date: str, message: str, author: str });
const gitStatus = obj({
  changedFiles: map(gitItem),
  deletedFiles: arr(gitItem),
  conflicts: bool,
  localChanges: bool,
  remote: gitBranch,
  target: gitBranch,
  head: opt(str),
  commits: arr(gitCommit),
  branch: nullable(str),
  isMerging: bool,
});
const gitRemotes = obj({ origin: str, upstream: str });
const lineRange = obj({ start: num, end: num });

// §3 system and the rest.
const metrics = obj({
  cpu: obj({ cores: num, used: num, configured: num }),
  memory: obj({ used: num, total: num, configured: num }),
  storage: obj({ used: num, total: num, configured: num }),
});
const commands = arr(obj({ id: str, displayName: str }));
const channelMembership = obj({ name: str, clientId: str, subscribers: arr(str) });

/** The `result` of every request (protocol.md §2, §3, §5). */
export const RESULT_SHAPES: Record<RequestMethod, Shape> = {
  'client/join': clientJoinResult,
  'client/list': arr(clientJSON),

  'file/open': fileObject,
  'file/openByPath': fileObject,
  'file/documentOperation': obj({ id: str, revision: num }),
  'file/documentAck': obj({ revision: num }),
  'file/documentSelection': nil,
  'file/save': nil,
  'file/close': nil,

  'fs/read': obj({ treeNodes: arr(jsonNode), clock: num }),
  'fs/operation': union(obj({ code: lit(0), clock: num }), obj({ code: lit(1) })),
  'fs/search': arr(searchResult),
  'fs/streamingSearch': obj({ searchId: str }),
  'fs/cancelStreamingSearch': obj({ searchId: str }),
  // protocol.md: `{matches: [{path, submatches}]}`; the submatch shape is docs/protocol/search.md's ({start, end}).
  'fs/pathSearch': obj({ matches: arr(obj({ path: str, submatches: arr(obj({ start: num, end: num })) })) }),
  'fs/upload': obj({ fileId: str }),
  'fs/download': obj({ downloadUrl: str }),
  'fs/readFile': obj({ content: bin }),
  'fs/readdir': obj({ entries: arr(obj({ name: str, type: nodeType, isSymlink: bool })) }),
  'fs/writeFile': empty,
  // "(numbers)": type as fs/readdir's (0 file, 1 directory).
  'fs/stat': obj({ type: nodeType, isSymlink: bool, size: num, mtime: num, ctime: num, atime: num }),
  'fs/copy': empty,
  'fs/rename': empty,
  'fs/remove': empty,
  'fs/mkdir': empty,
  'fs/watch': obj({ watchId: str }),
  'fs/unwatch': empty,

  'shell/create': openShellDTO,
  'shell/in': nil,
  'shell/list': obj({ shells: arr(shellDTO) }),
  'shell/open': openShellDTO,
  'shell/close': nil,
  'shell/restart': nil,
  'shell/terminate': shellDTO,
  'shell/resize': nil,
  'shell/rename': nil,

  'port/list': obj({ list: arr(port) }),

  'setup/get': setupProgress,
  'setup/skip': setupProgress,
  'setup/skipAll': setupProgress,
  'setup/setStep': setupProgress,
  'setup/disable': setupProgress,
  'setup/enable': setupProgress,
  'setup/init': setupProgress,

  'task/list': taskList,
  'task/run': taskDTO,
  'task/runCommand': taskDTO,
  'task/stop': nullable(taskDTO),
  'task/create': taskList,
  'task/update': taskDTO,
  'task/saveToConfig': taskDTO,
  'task/generateConfig': nil,
  'task/createSetupTasks': nil,

  'git/status': gitStatus,
  'git/remotes': gitRemotes,
  'git/targetDiff': obj({ ahead: num, behind: num, commits: arr(gitCommit) }),
  'git/pull': nil,
  'git/discard': obj({ paths: opt(arr(str)) }),
  'git/commit': obj({ shellId: str }),
  'git/push': nil,
  'git/pushToRemote': nil,
  'git/renameBranch': nil,
  'git/remoteContent': obj({ content: str }),
  'git/diffStatus': obj({
    files: arr(obj({ status: gitLetter, path: str, oldPath: opt(str), hunks: arr(obj({ original: lineRange, modified: lineRange })) })),
  }),
  'git/resetLocalWithRemote': nil,
  'git/checkoutInitialBranch': nil,
  'git/transposeLines': arr(nullable(obj({ path: str, line: num }))),

  'language/list': obj({ languages: arr(obj({ id: str, extensions: arr(str), globs: arr(str), hasLanguageServer: bool, languageServerIds: arr(str) })) }),
  // "any (LSP error {code,message,data?})": the LSP result itself.
  'language/lspRequest': any,
  'language/lspServerResponse': any,

  'system/update': empty,
  'system/hibernate': nil,
  'system/metrics': metrics,

  'command/list': obj({ commands }),
  'command/execute': empty,
  // "void": nil.
  'notification/notifyResponse': nil,
  'channel/subscribe': obj({ subscribers: arr(str) }),
  'channel/unsubscribe': empty,
  'channel/message': obj({ clients: arr(str) }),
  'container/setup': taskDTO,
};

/** The `params` of every notification (protocol.md §2, §3). */
export const NOTIFICATION_SHAPES: Record<NotificationMethod, Shape> = {
  'client/connected': clientJSON,
  'client/updated': clientJSON,
  'client/disconnected': obj({ clientId: str, reason: lit('AuthorizationChanged', 'Disconnect', 'PitcherShutdown') }),
  'client/permissions': obj({ isProtected: bool, permissions }),

  'file/join': fileJoinLeave,
  'file/leave': fileJoinLeave,
  'file/save': obj({ id: str, isBinary: bool, content: union(str, bin), savedHash: str }),
  'file/documentOperation': obj({ id: str, operation: arr(union(num, str)), revision: num, reason: operationReason }),
  'file/documentSelection': obj({ id: str, selections: map(nullable(selection)), reason: opt(operationReason) }),

  'fs/operations': obj({ operations: arr(obj({ operation: fsOperation, clock: num })) }),
  'fs/watchEvent': obj({ watchId: str, events: arr(obj({ paths: arr(str), type: lit('add', 'change', 'remove') })) }),
  'fs/searchMatches': obj({ searchId: str, matches: arr(streamingSearchResult) }),
  'fs/searchFinished': obj({ searchId: str, hitLimit: bool }),

  'shell/out': obj({ shellId: str, out: str }),
  'shell/create': shellDTO,
  'shell/exit': obj({ shellId: str, shellType: lit('TERMINAL', 'COMMAND'), exitCode: num }),
  'shell/restart': obj({ shellId: str }),
  'shell/terminate': obj({ shellId: str, author: str }),
  'shell/rename': obj({ shell: shellDTO }),

  'port/changed': obj({ list: arr(port) }),
  'setup/progress': setupProgress,

  'task/listUpdate': taskList,
  'task/update': taskDTO,
  'task/unassignedPortOpened': port,
  'task/unassignedPortClosed': port,
  'task/configParseError': obj({ error: str }),

  'git/status': gitStatus,
  'git/pullStarted': nil,
  // "(null | {exitCode:1, error})": error is the pull's {code, message} (docs/protocol/git.md).
  'git/pullFinished': nullable(obj({ exitCode: lit(1), error: obj({ code: num, message: str }) })),
  'git/commitStarted': obj({ shellId: str, message: str, paths: opt(arr(str)) }),
  'git/commitFinished': obj({ exitCode: num }),
  'git/checkoutPrevented': obj({ branch: nullable(str) }),
  'git/renameBranch': obj({ oldBranch: str, newBranch: str }),
  'git/remotes': gitRemotes,

  'system/hibernate': empty,
  'system/metrics': metrics,
  'system/initStatus': obj({ message: str, isError: opt(bool), progress: num, nextProgress: num, stdout: opt(str) }),

  'command/changed': obj({ commands }),
  'notification/notify': obj({ type: lit('info', 'warning', 'error'), notificationId: str, message: str, actions: opt(arr(obj({ label: str }))) }),
  'notification/dismiss': obj({ notificationId: str }),
  'channel/subscribed': channelMembership,
  'channel/unsubscribed': channelMembership,
  'channel/message': obj({ name: str, clientId: str, isUser: bool, data: any }),
  'container/openSetupDevtool': obj({ dependencies: any }),
  'language/lspNotification': obj({ languageId: str, serverId: str, message: any }),
  'language/lspServerRequest': obj({ languageId: str, serverId: str, message: obj({ id: num, method: str, params: opt(any) }) }),
};

// Request params (protocol.md §2 client/join, §3 the request tables, §5 FSOperation), field by field.
const shellSize = obj({ cols: num, rows: num });
/** ClientSubscriptions: the SDK's DEFAULT_SUBSCRIPTIONS names every group and flag (all true); taken as optional. */
const clientSubscriptions = obj({
  client: opt(flags('status')),
  file: opt(flags('status', 'selection', 'ot')),
  fs: opt(flags('operations')),
  git: opt(flags('status', 'operations')),
  port: opt(flags('status')),
  setup: opt(flags('progress')),
  shell: opt(flags('status')),
  system: opt(flags('metrics')),
});
const SEARCH_PAGE = 'docs/protocol/search.md "Text-search params"';
/** fs/search's params; fs/streamingSearch adds searchId and maxResults. includes, excludes and wholeWord are Bullpen's. */
const textSearchParams = {
  text: str,
  glob: opt(str),
  isRegex: opt(bool),
  caseSensitivity: opt(lit('smart', 'enabled', 'disabled')),
  includes: addition(SEARCH_PAGE, arr(str), true),
  excludes: addition(SEARCH_PAGE, arr(str), true),
  wholeWord: addition(SEARCH_PAGE, bool, true),
};
/** `excludes?` of fs/watch and fs/download: protocol.md names the field; docs/protocol/fs.md gives it (globs). */
const excludes = opt(arr(str));
/** TaskDefinitionDTO as params (task/create's taskFields, task/createSetupTasks' tasks). */
const taskDefinitionParams = obj(taskDefinitionFields);
const lspError = obj({ code: num, message: str, data: opt(any) });

/** The `params` of every request (protocol.md §2, §3): `nil` where the table gives `null`, `{}` where it gives `{}`. */
export const PARAMS_SHAPES: Record<RequestMethod, Shape> = {
  'client/join': obj({ clientInfo: obj({ protocolVersion: str, appId: str }), asyncProgress: opt(bool), subscriptions: clientSubscriptions }),
  'client/list': empty,

  'file/open': obj({ id: str, isResync: opt(bool) }),
  'file/openByPath': obj({ path: str, isResync: opt(bool) }),
  'file/documentOperation': obj({
    id: str,
    operation: arr(union(num, str)),
    revision: num,
    seq: addition('ADR 0006 "Exactly once": the client\'s sequence number of the operation', num, true),
  }),
  'file/documentAck': obj({ id: str, revision: num }),
  'file/documentSelection': obj({ id: str, selection, reason: opt(operationReason) }),
  'file/save': obj({ id: str, write: opt(bool) }),
  'file/close': obj({ id: str }),

  'fs/read': nil,
  'fs/operation': obj({ operation: fsOperation }),
  'fs/search': obj({ ...textSearchParams, maxResults: addition(`${SEARCH_PAGE}: maxResults, for fs/search a Bullpen extension`, num, true) }),
  'fs/streamingSearch': obj({ searchId: str, ...textSearchParams, maxResults: opt(num) }),
  'fs/cancelStreamingSearch': obj({ searchId: str }),
  'fs/pathSearch': obj({ text: str }),
  'fs/upload': obj({ parentId: str, filename: str, content: bin }),
  'fs/download': obj({ path: str, excludes }),
  'fs/readFile': obj({ path: str }),
  'fs/readdir': obj({ path: str }),
  'fs/writeFile': obj({ path: str, content: bin, create: opt(bool), overwrite: opt(bool) }),
  'fs/stat': obj({ path: str }),
  'fs/copy': obj({ from: str, to: str, recursive: opt(bool), overwrite: opt(bool) }),
  'fs/rename': obj({ from: str, to: str, overwrite: opt(bool) }),
  'fs/remove': obj({ path: str, recursive: opt(bool) }),
  'fs/mkdir': obj({ path: str, recursive: opt(bool) }),
  'fs/watch': obj({ path: str, recursive: opt(bool), excludes }),
  'fs/unwatch': obj({ watchId: str }),

  'shell/create': obj({ command: opt(str), cwd: opt(str), size: opt(shellSize), type: opt(lit('TERMINAL', 'COMMAND')), isSystemShell: opt(bool) }),
  'shell/in': obj({ shellId: str, input: str, size: shellSize }),
  'shell/list': empty,
  'shell/open': obj({ shellId: str, size: shellSize }),
  'shell/close': obj({ shellId: str }),
  'shell/restart': obj({ shellId: str }),
  'shell/terminate': obj({ shellId: str }),
  'shell/resize': obj({ shellId: str, size: shellSize }),
  'shell/rename': obj({ shellId: str, name: str }),

  'port/list': empty,

  'setup/get': empty,
  'setup/skip': obj({ stepIndexToSkip: num }),
  'setup/skipAll': nil,
  'setup/setStep': obj({ stepIndex: num }),
  'setup/disable': nil,
  'setup/enable': nil,
  'setup/init': nil,

  'task/list': empty,
  'task/run': obj({ taskId: str }),
  'task/runCommand': obj({ command: str, name: opt(str), saveToConfig: opt(bool) }),
  'task/stop': obj({ taskId: str }),
  'task/create': obj({ taskFields: taskDefinitionParams, startTask: opt(bool) }),
  // "Partial<…>": every field of a TaskDefinitionDTO optional.
  'task/update': obj({ taskId: str, taskFields: obj(Object.fromEntries(Object.entries(taskDefinitionFields).map(([k, v]) => [k, 'shape' in v ? v : opt(v)]))) }),
  'task/saveToConfig': obj({ taskId: str }),
  'task/generateConfig': empty,
  'task/createSetupTasks': obj({ tasks: arr(taskDefinitionParams) }),

  'git/status': empty,
  'git/remotes': empty,
  'git/targetDiff': obj({ branch: str }),
  'git/pull': obj({ branch: opt(str), force: opt(bool) }),
  'git/discard': obj({ paths: opt(arr(str)) }),
  'git/commit': obj({ paths: opt(arr(str)), message: str, push: opt(bool) }),
  'git/push': nil,
  'git/pushToRemote': obj({ url: str, branch: str, squashAllCommits: opt(bool) }),
  'git/renameBranch': obj({ oldBranch: str, newBranch: str }),
  'git/remoteContent': obj({ reference: str, path: str }),
  'git/diffStatus': obj({ base: str, head: str }),
  'git/resetLocalWithRemote': empty,
  'git/checkoutInitialBranch': empty,
  // "(array as params)".
  'git/transposeLines': arr(obj({ sha: str, path: str, line: num })),

  'language/list': empty,
  'language/lspRequest': obj({
    languageId: str,
    serverId: str,
    message: obj({ method: str, params: opt(any), id: addition('docs/protocol/language.md: message {method, params?, id?}', union(num, str), true) }),
  }),
  'language/lspServerResponse': obj({ languageId: str, serverId: str, message: obj({ id: num, result: opt(any), error: opt(lspError) }) }),

  'system/update': empty,
  'system/hibernate': empty,
  'system/metrics': empty,

  'command/list': empty,
  'command/execute': obj({ commandId: str }),
  'notification/notifyResponse': obj({ notificationId: str, response: nullable(str) }),
  'channel/subscribe': obj({ name: str }),
  'channel/unsubscribe': obj({ name: str }),
  'channel/message': obj({ name: str, clients: opt(arr(str)), data: map(any) }),
  'container/setup': obj({ templateId: str, templateArgs: map(str), features: opt(arr(obj({ id: str, options: any }))) }),
};

/** A known deviation: a mismatch (by path and problem, and the frame's method and kind when given) and its reason. */
export interface KnownDeviation {
  /** Matched against the frame's method and kind: 'shell/in request', 'git/status response', 'fs/operations notification'. */
  frame?: RegExp;
  path: RegExp;
  problem: RegExp;
  reported: string;
}

/**
 * Where Bullpen differs from protocol.md and no `addition(…)` above allows it: what the server sends that no Bullpen
 * page documents, and what Bullpen's own client sends on purpose (each with the reason). These are NOT allowed by the
 * shapes above: they are listed so the shape test names them, and fails both when a new one appears and when one is
 * fixed (then remove it here).
 */
export const KNOWN_DEVIATIONS: ReadonlyArray<KnownDeviation> = [
  {
    frame: /^client\/join request$/,
    path: /^\$\.params\.subscriptions$/,
    problem: /^expected \{client, .*got nil/,
    reported:
      'client/join: Bullpen\'s client sends subscriptions nil (JOIN_PARAMS, PitcherClient): the server filters nothing by subscription, every client gets every notification (docs/protocol/client.md)',
  },
  {
    frame: /^shell\/in request$/,
    path: /^\$\.params\.size$/,
    problem: /^missing/,
    reported:
      'shell/in: Bullpen\'s terminal sends no size with its input; the size goes with shell/resize when it changes, and the server takes size as optional and does not use it (docs/protocol/shell.md)',
  },
  {
    frame: /^(setup\/(skipAll|disable|enable|init)|git\/push) request$/,
    path: /^\$\.params$/,
    problem: /^expected nil, got map \{\}$/,
    reported:
      'setup/skipAll, disable, enable, init and git/push: protocol.md\'s table gives null params; Bullpen\'s clients send {} (PitcherSetup, PitcherGit), which §1.3 allows ("params may be null or {}"); the server takes nil, absent and {} alike',
  },
];
