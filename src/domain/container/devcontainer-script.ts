import { DEV_CONTAINER_CONFIG_PATH, DevContainerConfig, LifecycleCommand, LifecycleStep, isCommandList, lifecycleSteps } from './devcontainer-config';
import { requiredTools } from './devcontainer-tools';

/** Spec 002 §2: the start-up messages of a dev container. */
export const ENSURING_DEV_CONTAINER_TEXT = 'Ensuring that Dev Container is ready...';
export const INSTALLING_DEV_CONTAINER_TEXT = 'Installing Dev Container...';
/** The first line of every script this module makes (how a task is recognised as the Dev Container's). */
export const DEV_CONTAINER_SCRIPT_HEADER = `# Dev Container (${DEV_CONTAINER_CONFIG_PATH}), run by Bullpen on this workspace's toolchain`;
export const HOST_TOOLCHAIN_TEXT = "Bullpen runs dev containers on the host's toolchain";
export const DEV_CONTAINER_READY_TEXT = 'Dev Container is ready';
/** The exit code of the script when every command succeeded but tools are missing (the shell's "command not found"). */
export const MISSING_TOOLS_EXIT_CODE = 127;

/** `text` as one shell word, whatever it holds. */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
const say = (text: string): string => `printf '%s\\n' ${shellQuote(text)}`;
/** One line for a comment or a message: control characters (newlines) become spaces. */
const oneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

/** How a step announces itself in the output (what installProgress reads back). */
export const stepAnnouncement = (step: LifecycleStep, index: number, count: number): string =>
  `Running ${step.name} (${index + 1} of ${count}): ${describeCommand(step.command)}`;

/**
 * The Dev Container task's command (bash): says 'Ensuring that Dev Container is ready...', looks for every tool the
 * image and the features need on the workspace's PATH and says which are missing and that they must be installed on
 * the server, says 'Installing Dev Container...', then runs onCreateCommand, updateContentCommand and
 * postCreateCommand in that order. It exits with the code of the first command that fails (and runs nothing after
 * it); when every command succeeded but tools are missing, with 127; else 0 after 'Dev Container is ready'.
 */
export function devContainerScript(config: DevContainerConfig): string {
  const { required, unchecked } = requiredTools(config);
  const steps = lifecycleSteps(config);
  const lines = [DEV_CONTAINER_SCRIPT_HEADER, `# ${oneLine(config.name)}${config.image === undefined ? '' : ` (${oneLine(config.image)})`}`];
  lines.push(say(ENSURING_DEV_CONTAINER_TEXT), "missing=''");
  if (required.length > 0) {
    lines.push(say(`${HOST_TOOLCHAIN_TEXT}: looking for ${required.map((r) => r.tool).join(', ')}`));
    lines.push(
      'check() { if found=$(command -v "$1" 2>/dev/null); then printf \'  %s: %s\\n\' "$1" "$found"; ' +
        'else printf \'  %s: missing (needed by %s)\\n\' "$1" "$2"; missing="${missing:+$missing, }$1"; fi; }',
    );
    for (const { tool, neededBy } of required) lines.push(`check ${shellQuote(tool)} ${shellQuote(oneLine(neededBy))}`);
  }
  for (const what of unchecked) lines.push(say(`  not checked: ${oneLine(what)} (Bullpen does not know what it installs)`));
  lines.push(`[ -z "$missing" ] || printf ${shellQuote(`Missing: %s. ${HOST_TOOLCHAIN_TEXT}: install %s on the server\\n`)} "$missing" "$missing"`);
  lines.push(say(INSTALLING_DEV_CONTAINER_TEXT));
  steps.forEach((step, index) => lines.push(say(stepAnnouncement(step, index, steps.length)), ...runStep(step)));
  lines.push(`[ -z "$missing" ] || { printf 'Dev Container is not ready: %s missing\\n' "$missing"; exit ${MISSING_TOOLS_EXIT_CODE}; }`);
  lines.push(say(DEV_CONTAINER_READY_TEXT));
  return `${lines.join('\n')}\n`;
}

/** A string runs in `/bin/sh -c`, an array as the program and its arguments (no shell, no function of this script). */
function commandLine(command: string | readonly string[]): string {
  if (typeof command === 'string') return `/bin/sh -c ${shellQuote(command)}`;
  return `command -- ${command.map(shellQuote).join(' ')}`;
}

function runStep(step: LifecycleStep): string[] {
  const failed = `{ code=$?; printf '%s failed with exit code %s\\n' ${shellQuote(step.name)} "$code"; exit "$code"; }`;
  const command = step.command;
  if (typeof command === 'string' || isCommandList(command)) return [`${commandLine(command)} || ${failed}`];
  // An object: its commands run at the same time; the first (in the object's order) that failed gives the exit code.
  const entries = Object.entries(command).filter(([, c]) => (typeof c === 'string' ? c.trim() !== '' : c.length > 0));
  const lines = entries.map(([, c], i) => `${commandLine(c)} & pid${i}=$!`);
  lines.push('code=0');
  entries.forEach(([label], i) => lines.push(`wait "$pid${i}" || { c=$?; printf '  %s failed with exit code %s\\n' ${shellQuote(oneLine(label))} "$c"; [ "$code" -ne 0 ] || code=$c; }`));
  lines.push(`[ "$code" -eq 0 ] || { printf '%s failed with exit code %s\\n' ${shellQuote(step.name)} "$code"; exit "$code"; }`);
  return lines;
}

/** A command as the output names it: its first line, an array joined, an object's labels. */
export function describeCommand(command: LifecycleCommand): string {
  if (typeof command === 'string') {
    const [first, ...rest] = command.trim().split('\n');
    return oneLine(first) + (rest.length > 0 ? ' …' : '');
  }
  if (isCommandList(command)) return oneLine(command.join(' '));
  return `${Object.keys(command).map(oneLine).join(', ')} (at the same time)`;
}

/** Whether a task's command is a script of this module (made by container/setup). */
export const isDevContainerScript = (command: string): boolean => command.startsWith(`${DEV_CONTAINER_SCRIPT_HEADER}\n`);

/**
 * How far a running script got, read from its output: the lifecycle commands started so far (the last
 * announcement's number) of how many; undefined before the first one.
 */
export function installProgress(output: string): { started: number; total: number } | undefined {
  let last: { started: number; total: number } | undefined;
  for (const match of output.matchAll(/Running (?:onCreateCommand|updateContentCommand|postCreateCommand) \((\d+) of (\d+)\)/g)) {
    last = { started: Number(match[1]), total: Number(match[2]) };
  }
  return last;
}

/** The Dev Container task's command while devcontainer.json cannot be used: it says why and fails (exit 1). */
export function unusableConfigScript(reason: string): string {
  return `${[DEV_CONTAINER_SCRIPT_HEADER, say(ENSURING_DEV_CONTAINER_TEXT), say(oneLine(reason)), 'exit 1'].join('\n')}\n`;
}
