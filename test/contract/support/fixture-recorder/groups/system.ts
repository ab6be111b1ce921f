import { Json, Path } from '../../wire';
import { JOIN_PARAMS } from '../../scenario';
import { FixtureGroup } from '../recorder';

/** The SDK's DEFAULT_SUBSCRIPTIONS (protocol.md §2): everything true. */
const SDK_SUBSCRIPTIONS = {
  client: { status: true },
  file: { status: true, selection: true, ot: true },
  fs: { operations: true },
  git: { status: true, operations: true },
  port: { status: true },
  setup: { progress: true },
  shell: { status: true },
  system: { metrics: true },
};

/** Every number of a metrics result: they measure the machine and the moment. */
const metricsNumbers = (path: Path, value: unknown): Json | undefined =>
  typeof value === 'number' && path.some((p) => p === 'cpu' || p === 'memory' || p === 'storage') ? '<num:metric>' : undefined;

/**
 * system, channel, command, notification and container. A workspace notification and a new workspace command are
 * caused by the server itself (Workspace.notifications.notify, Workspace.commands.register: no request makes them).
 * system/hibernate comes last: it closes every connection.
 */
export const systemGroup: FixtureGroup = {
  name: 'system',
  async run(g) {
    await g.fixture('system/metrics', { note: 'Every number is normalised: they measure the machine and the moment.', volatile: metricsNumbers }, async (f) => {
      await f.ask('A', 'system/metrics', {});
    });
    await g.fixture('system/update', {}, async (f) => void (await f.ask('A', 'system/update', {})));

    await g.peer('A').ask('channel/subscribe', { name: 'chat' });
    await g.fixture('channel/subscribe', { note: "A is in channel 'chat'; B subscribes: A is told." }, async (f) => {
      await f.ask('B', 'channel/subscribe', { name: 'chat' }, [{ to: 'A', method: 'channel/subscribed' }]);
    });
    await g.fixture('channel/message', { note: 'The params PitcherChannels sends: to every other subscriber.' }, async (f) => {
      await f.ask('A', 'channel/message', { name: 'chat', data: { text: 'hello' } }, [{ to: 'B', method: 'channel/message' }]);
    });
    await g.fixture(
      'channel/unsubscribe',
      {},
      async (f) => void (await f.ask('B', 'channel/unsubscribe', { name: 'chat' }, [{ to: 'A', method: 'channel/unsubscribed' }])),
    );
    await g.fixture('channel/message.error-not-subscribed', {}, async (f) => void (await f.ask('B', 'channel/message', { name: 'chat', data: { text: 'nobody hears this' } })));

    await g.fixture('command/list', {}, async (f) => void (await f.ask('A', 'command/list', {})));
    await g.fixture(
      'command/list.changed',
      { note: 'The server adds a workspace command (Workspace.commands.register): every client is told command/changed.' },
      async (f) => {
        const from = f.mark('B');
        (await g.workspace()).commands.register('contract.example', 'Contract: Example', () => undefined);
        await f.note('B', 'command/changed', undefined, from);
        await f.ask('A', 'command/list', {});
      },
    );
    await g.fixture('command/execute', {}, async (f) => void (await f.ask('A', 'command/execute', { commandId: 'contract.example' })));
    await g.fixture('command/execute.error-not-found', {}, async (f) => void (await f.ask('A', 'command/execute', { commandId: 'no.such.command' })));

    await g.fixture(
      'notification/notifyResponse',
      { note: 'The server shows a notification with two actions (Workspace.notifications.notify); A answers first, so B’s copy is dismissed.' },
      async (f) => {
        const from = { A: f.mark('A'), B: f.mark('B') };
        (await g.workspace()).notifications.notify('warning', 'Install the dependencies?', ['Install', 'Later']);
        const shown = await f.note('A', 'notification/notify', undefined, from.A);
        await f.note('B', 'notification/notify', undefined, from.B);
        await f.ask('A', 'notification/notifyResponse', { notificationId: shown.notificationId, response: 'Install' }, [
          { to: 'B', method: 'notification/dismiss' },
        ]);
      },
    );
    await g.fixture('notification/notifyResponse.error-invalid-id', {}, async (f) => {
      await f.ask('A', 'notification/notifyResponse', { notificationId: 'no-such-notification', response: null });
    });

    await g.fixture(
      'container/setup',
      {
        note:
          'Writes .devcontainer/devcontainer.json from the javascript-node template and starts the Dev Container task (answered with its TaskDTO); ' +
          'every client is told the installation started (system/initStatus).',
      },
      async (f) => {
        await f.ask('A', 'container/setup', { templateId: 'ghcr.io/devcontainers/templates/javascript-node', templateArgs: { imageVariant: '20-bookworm' } }, [
          { to: 'B', method: 'system/initStatus', where: (s) => s.message === 'Ensuring that Dev Container is ready...' },
        ]);
      },
    );
    await g.fixture(
      'container/setup.missing-tools',
      { note: 'The powershell feature needs pwsh, which the workspace does not have: every client is asked to open the setup tool.' },
      async (f) => {
        await f.ask('A', 'container/setup', { templateId: 'debian', templateArgs: {}, features: [{ id: 'powershell', options: {} }] }, [
          { to: 'B', method: 'container/openSetupDevtool' },
        ]);
      },
    );
    await g.fixture('container/setup.error-unknown-template', {}, async (f) => void (await f.ask('A', 'container/setup', { templateId: 'node', templateArgs: {} })));

    // R joins with the SDK's default subscriptions (protocol.md §2): it is pushed system/metrics.
    await g.connect('R', { join: false });
    await g.fixture(
      'system/metrics.pushed',
      {
        note: "R joins with the SDK's default subscriptions (system.metrics among them): the workspace pushes system/metrics at once, then every 5 s. Every number is normalised.",
        volatile: metricsNumbers,
      },
      async (f) => {
        const joined = await f.ask('R', 'client/join', { ...JOIN_PARAMS, subscriptions: SDK_SUBSCRIPTIONS }, [{ to: 'R', method: 'system/metrics' }]);
        g.peer('R').joinResult = joined.result;
      },
    );
    await g.fixture('container/setup.error-no-access', { note: 'R has read access only.' }, async (f) => {
      await f.ask('R', 'container/setup', { templateId: 'debian', templateArgs: {} });
    });
    await g.fixture('system/hibernate.error-no-access', { note: 'R has read access only.' }, async (f) => void (await f.ask('R', 'system/hibernate', {})));
    await g.fixture('system/hibernate', { note: 'Every client is told, then every connection closes (code 4100).' }, async (f) => {
      await f.ask('A', 'system/hibernate', {}, [
        { to: 'A', method: 'system/hibernate' },
        { to: 'B', method: 'system/hibernate' },
        { to: 'R', method: 'system/hibernate' },
      ]);
    });
  },
};
