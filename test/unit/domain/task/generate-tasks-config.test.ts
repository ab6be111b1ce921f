import { generateTasksConfig, packageManagerOf, portOfScript } from '../../../../src/domain/task/generate-tasks-config';

describe('generateTasksConfig', () => {
  it('makes the install the setup step and every script a task; the dev server runs at start', () => {
    const pkg = JSON.stringify({ scripts: { dev: 'next dev -p 3001', build: 'next build', start: 'next start', lint: 'eslint .' } });
    expect(generateTasksConfig(pkg, ['package.json', 'package-lock.json'])).toEqual({
      setupTasks: [{ name: 'Install Dependencies', command: 'npm install' }],
      tasks: {
        dev: { name: 'dev', command: 'npm run dev', runAtStart: true, preview: { port: 3001 } },
        build: { name: 'build', command: 'npm run build' },
        start: { name: 'start', command: 'npm run start' },
        lint: { name: 'lint', command: 'npm run lint' },
      },
    });
  });

  it('runs start at start when there is no dev script, and leaves hooks and lifecycle scripts out', () => {
    const pkg = JSON.stringify({ scripts: { start: 'node server.js', prestart: 'echo', postinstall: 'patch', pretty: 'prettier .' } });
    expect(generateTasksConfig(pkg, ['pnpm-lock.yaml']).tasks).toEqual({
      start: { name: 'start', command: 'pnpm run start', runAtStart: true },
      pretty: { name: 'pretty', command: 'pnpm run pretty' },
    });
  });

  it('has no tasks without a usable package.json', () => {
    expect(generateTasksConfig(undefined, [])).toEqual({ setupTasks: [], tasks: {} });
    expect(generateTasksConfig('{ nope', [])).toEqual({ setupTasks: [], tasks: {} });
    expect(generateTasksConfig('[]', [])).toEqual({ setupTasks: [], tasks: {} });
  });
});

describe('packageManagerOf', () => {
  it('takes the packageManager field, then the lock file, then npm', () => {
    expect(packageManagerOf({ packageManager: 'pnpm@9.1.0' }, ['yarn.lock'])).toBe('pnpm');
    expect(packageManagerOf({}, ['yarn.lock'])).toBe('yarn');
    expect(packageManagerOf({}, ['bun.lockb'])).toBe('bun');
    expect(packageManagerOf({ packageManager: 'cargo@1' }, [])).toBe('npm');
  });
});

describe('portOfScript', () => {
  it('finds --port, -p and PORT=', () => {
    expect(portOfScript('vite --port 5173')).toBe(5173);
    expect(portOfScript('vite --port=4000')).toBe(4000);
    expect(portOfScript('next dev -p 3001')).toBe(3001);
    expect(portOfScript('PORT=8080 node server.js')).toBe(8080);
    expect(portOfScript('tsc -p tsconfig.json')).toBeUndefined();
    expect(portOfScript('node server.js --port 99999')).toBeUndefined();
  });
});
