import { SHELL_SIZE } from '../../scenario';
import { FixtureGroup } from '../recorder';

/** A notification about the shell the request created. */
const same = (params: { shellId: string }, response: { result: { shellId: string } }) => params.shellId === response.result.shellId;

/**
 * shell: a terminal and a command shell with the notifications every client gets; input and output; open, resize,
 * rename, restart, terminate and close.
 */
export const shellGroup: FixtureGroup = {
  name: 'shell',
  async run(g) {
    let terminal = '';
    await g.fixture('shell/create', { note: 'A creates a terminal (the params PitcherShells sends): B is told shell/create.' }, async (f) => {
      terminal = (await f.ask('A', 'shell/create', { size: SHELL_SIZE, type: 'TERMINAL' }, [{ to: 'B', method: 'shell/create', where: same }])).result.shellId;
    });
    await g.fixture(
      'shell/in.terminal',
      {
        compare: 'shape',
        variable: "the terminal's echo and prompt arrive in chunks that differ between runs",
        note: 'A types a command into the terminal; the recorded shell/out is the chunk with its output.',
      },
      async (f) => {
        await f.ask('A', 'shell/in', { shellId: terminal, input: 'echo contract-$((6*7))\r' }, [
          { to: 'A', method: 'shell/out', where: (p) => p.shellId === terminal && /contract-42\r\n/.test(p.out) },
        ]);
      },
    );
    let command = '';
    await g.fixture('shell/create.command', { note: 'A runs a command shell: A gets its output, both clients its exit.' }, async (f) => {
      command = (
        await f.ask('A', 'shell/create', { command: "printf 'contract-42\\n'", type: 'COMMAND' }, [
          { to: 'A', method: 'shell/out', where: same },
          { to: 'A', method: 'shell/exit', where: same },
          { to: 'B', method: 'shell/create', where: same },
          { to: 'B', method: 'shell/exit', where: same },
        ])
      ).result.shellId;
    });
    await g.fixture('shell/open', { note: 'B opens the finished command shell: its scroll-back comes with the answer.' }, async (f) => {
      await f.ask('B', 'shell/open', { shellId: command, size: SHELL_SIZE });
    });
    await g.fixture('shell/list', {}, async (f) => void (await f.ask('A', 'shell/list', {})));
    await g.fixture('shell/resize', {}, async (f) => void (await f.ask('A', 'shell/resize', { shellId: terminal, size: { cols: 100, rows: 30 } })));
    await g.fixture(
      'shell/rename',
      {},
      async (f) =>
        void (await f.ask('A', 'shell/rename', { shellId: terminal, name: 'Build' }, [
          { to: 'B', method: 'shell/rename', where: (p) => p.shell.shellId === terminal },
        ])),
    );
    await g.fixture(
      'shell/restart',
      {},
      async (f) =>
        void (await f.ask('A', 'shell/restart', { shellId: terminal }, [{ to: 'B', method: 'shell/restart', where: (p) => p.shellId === terminal }])),
    );
    await g.fixture('shell/terminate', { note: "A terminates the terminal: every client is told, with A's username as the author." }, async (f) => {
      await f.ask('A', 'shell/terminate', { shellId: terminal }, [{ to: 'B', method: 'shell/terminate', where: (p) => p.shellId === terminal }]);
    });
    await g.fixture('shell/close', { note: 'B stops watching the command shell.' }, async (f) => void (await f.ask('B', 'shell/close', { shellId: command })));
    const from = g.peer('A').wire.received.length;
    const cat = (await g.peer('A').ask('shell/create', { command: "stty -echo; printf 'ready\\n'; cat", type: 'COMMAND' })).result.shellId;
    await g.peer('A').notification('shell/out', (p) => p.shellId === cat && p.out.includes('ready'), from);
    await g.fixture(
      'shell/in',
      { note: "A command shell (not recorded) runs `stty -echo; printf 'ready\\n'; cat`: A types a line, cat writes it back." },
      async (f) => {
        await f.ask('A', 'shell/in', { shellId: cat, input: 'contract-42\r' }, [{ to: 'A', method: 'shell/out', where: (p) => p.shellId === cat }]);
      },
    );
    await g.fixture('shell/in.error-not-found', {}, async (f) => void (await f.ask('A', 'shell/in', { shellId: 'no-such-shell', input: 'x' })));
    await g.connect('R');
    await g.fixture(
      'shell/create.error-no-access',
      { note: 'R has read access only.' },
      async (f) => void (await f.ask('R', 'shell/create', { size: SHELL_SIZE, type: 'TERMINAL' })),
    );
  },
};
