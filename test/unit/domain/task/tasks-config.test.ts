import { definitionToJson, newTaskId } from '../../../../src/domain/task/task-definition';
import { parseTasksConfig, serializeTasksConfig, withSetupTasks, withTask } from '../../../../src/domain/task/tasks-config';

const parse = (value: unknown) => {
  const parsed = parseTasksConfig(typeof value === 'string' ? value : JSON.stringify(value));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.config;
};

describe('parseTasksConfig', () => {
  it('reads setup steps and tasks; a name defaults to the command (steps) or the id (tasks)', () => {
    expect(
      parse({
        $schema: 'https://codesandbox.io/schemas/tasks.json',
        setupTasks: ['yarn install', { name: 'Build', command: 'yarn build' }, { command: 'yarn lint' }],
        tasks: {
          dev: { name: 'Dev server', command: 'yarn dev', runAtStart: true, preview: { port: 5173, 'pr-link': 'direct' } },
          test: { command: 'yarn test' },
          short: 'echo short',
        },
      }),
    ).toEqual({
      setupTasks: [
        { name: 'yarn install', command: 'yarn install' },
        { name: 'Build', command: 'yarn build' },
        { name: 'yarn lint', command: 'yarn lint' },
      ],
      tasks: {
        dev: { name: 'Dev server', command: 'yarn dev', runAtStart: true, preview: { port: 5173, 'pr-link': 'direct' } },
        test: { name: 'test', command: 'yarn test' },
        short: { name: 'short', command: 'echo short' },
      },
      validationErrors: [],
    });
  });

  it('reads an empty object, and missing or null lists, as nothing configured', () => {
    expect(parse({})).toEqual({ setupTasks: [], tasks: {}, validationErrors: [] });
    expect(parse({ setupTasks: null, tasks: null })).toEqual({ setupTasks: [], tasks: {}, validationErrors: [] });
  });

  it('drops what it cannot use, with one validation error each, and keeps the rest', () => {
    const config = parse({
      setupTasks: ['', 42, { name: 'No command' }, 'ok'],
      tasks: {
        a: { name: 'A', command: '   ' },
        b: { name: '', command: 'echo b', runAtStart: 'yes', preview: { port: 70000, 'pr-link': 'sideways' } },
        c: [],
        d: { command: 'echo d', preview: 8080 },
      },
    });
    expect(config.validationErrors).toEqual([
      'setupTasks[0] is an empty command',
      'setupTasks[1] must be a command or a {"name", "command"} object',
      'setupTasks[2].command must be a non-empty string',
      'tasks.a.command must be a non-empty string',
      'tasks.b.name must be a non-empty string',
      'tasks.b.runAtStart must be true or false',
      'tasks.b.preview.port must be a port number (1-65535)',
      'tasks.b.preview.pr-link must be one of direct, redirect, devtool',
      'tasks.c must be an object with a "command"',
      'tasks.d.preview must be an object',
    ]);
    expect(config.setupTasks).toEqual([{ name: 'ok', command: 'ok' }]);
    expect(config.tasks).toEqual({ b: { name: 'b', command: 'echo b', preview: {} }, d: { name: 'd', command: 'echo d' } });
  });

  it('names wrong top-level shapes', () => {
    expect(parse([]).validationErrors).toEqual(['The file must hold an object with "setupTasks" and "tasks"']);
    expect(parse({ setupTasks: 'npm i', tasks: [] }).validationErrors).toEqual([
      '"setupTasks" must be a list of commands or {"name", "command"} objects',
      '"tasks" must be an object of tasks by id',
    ]);
  });

  it('refuses text that is not JSON, naming the file, the reason, the line and the column', () => {
    const parsed = parseTasksConfig('{\n  "tasks": {\n    "a": { "command": "x" }\n    "b": {}\n  }\n}');
    expect(parsed).toEqual({
      ok: false,
      error: { kind: 'config-parse-error', message: `.codesandbox/tasks.json is not valid JSON: Expected ',' or '}' but found '"' at line 4, column 5` },
    });
  });
});

describe('editing tasks.json', () => {
  const json = { $schema: 'x', tasks: { a: { name: 'A', command: 'a', extra: 1 } }, custom: true };

  it('adds or replaces one task, keeping other fields, tasks and their order', () => {
    const edited = withTask(json, 'b', { name: 'B', command: 'b', runAtStart: false });
    expect(edited).toEqual({ $schema: 'x', tasks: { a: { name: 'A', command: 'a', extra: 1 }, b: { name: 'B', command: 'b', runAtStart: false } }, custom: true });
    expect(Object.keys(edited)).toEqual(['$schema', 'tasks', 'custom']);
    expect(withTask(json, 'a', { name: 'A2', command: 'a2' }).tasks).toEqual({ a: { name: 'A2', command: 'a2' } });
    expect(withTask({}, 'a', { name: 'A', command: 'a' })).toEqual({ tasks: { a: { name: 'A', command: 'a' } } });
  });

  it('replaces the setup steps as {name, command} objects', () => {
    expect(withSetupTasks(json, [{ name: 'Install', command: 'npm i' }]).setupTasks).toEqual([{ name: 'Install', command: 'npm i' }]);
  });

  it('writes two-space JSON with a final newline that reads back the same', () => {
    const text = serializeTasksConfig(withTask(json, 'b', { name: 'B', command: 'b', preview: { port: 3000 } }));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "tasks": {\n    "a": {');
    expect(parse(text).tasks.b).toEqual({ name: 'B', command: 'b', preview: { port: 3000 } });
  });

  it('leaves absent optional fields out of a written definition', () => {
    expect(definitionToJson({ name: 'n', command: 'c' })).toEqual({ name: 'n', command: 'c' });
  });
});

describe('newTaskId', () => {
  it('makes a slug of the name, unique among the taken ids', () => {
    expect(newTaskId('Run Dev Server', () => false)).toBe('run-dev-server');
    expect(newTaskId('npm run build -- --prod', () => false)).toBe('npm-run-build-prod');
    expect(newTaskId('!!!', () => false)).toBe('task');
    const taken = new Set(['dev', 'dev-2']);
    expect(newTaskId('dev', (id) => taken.has(id))).toBe('dev-3');
    expect(newTaskId('x'.repeat(100), () => false)).toHaveLength(40);
  });
});
