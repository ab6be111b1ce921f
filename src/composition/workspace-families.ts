import { Container } from 'inversify';
import { ChannelStore } from '../application/channel/channel.store';
import { CommandStore } from '../application/command/command.store';
import { ContainerStore } from '../application/container/container.store';
import { RawFsStore } from '../application/fs/raw-fs.store';
import { GitStore } from '../application/git/git.store';
import { LanguageStore } from '../application/language/language.store';
import { LspChannel } from '../application/language/lsp-channel';
import { WorkspaceNotificationStore } from '../application/notification/notification.store';
import { PortsStore } from '../application/port/ports.store';
import { ChannelsPort } from '../application/ports/channels.port';
import { CommandsPort } from '../application/ports/commands.port';
import { ContainerPort } from '../application/ports/container.port';
import { GitPort } from '../application/ports/git.port';
import { LanguagePort } from '../application/ports/language.port';
import { PortsPort } from '../application/ports/ports.port';
import { PresencePort } from '../application/ports/presence.port';
import { RawFsPort } from '../application/ports/raw-fs.port';
import { SearchPort } from '../application/ports/search.port';
import { SetupPort } from '../application/ports/setup.port';
import { SystemPort } from '../application/ports/system.port';
import { TasksPort } from '../application/ports/tasks.port';
import { WorkspaceNotificationsPort } from '../application/ports/workspace-notifications.port';
import { PresenceStore } from '../application/presence/presence.store';
import { SearchStore } from '../application/search/search.store';
import { SetupStore } from '../application/setup/setup.store';
import { SystemStore } from '../application/system/system.store';
import { TasksStore } from '../application/tasks/tasks.store';
import { ResyncCoordinator } from '../application/workspace/resync-coordinator';
import { ResyncParticipant } from '../application/workspace/resync-participant';
import { PitcherChannels } from '../adapters/pitcher/pitcher-channels.adapter';
import { PitcherClient } from '../adapters/pitcher/pitcher-client';
import { PitcherCommands } from '../adapters/pitcher/pitcher-commands.adapter';
import { PitcherContainer } from '../adapters/pitcher/pitcher-container.adapter';
import { PitcherGit } from '../adapters/pitcher/pitcher-git.adapter';
import { PitcherLanguage } from '../adapters/pitcher/pitcher-language.adapter';
import { PitcherPorts } from '../adapters/pitcher/pitcher-ports.adapter';
import { PitcherPresence } from '../adapters/pitcher/pitcher-presence.adapter';
import { PitcherRawFs } from '../adapters/pitcher/pitcher-raw-fs.adapter';
import { PitcherSearch } from '../adapters/pitcher/pitcher-search.adapter';
import { PitcherSetup } from '../adapters/pitcher/pitcher-setup.adapter';
import { PitcherSystem } from '../adapters/pitcher/pitcher-system.adapter';
import { PitcherTasks } from '../adapters/pitcher/pitcher-tasks.adapter';
import { PitcherWorkspaceNotifications } from '../adapters/pitcher/pitcher-workspace-notifications.adapter';
import { bindSingleton } from './scoped-bindings';

/**
 * The stores of the workspace families (spec 002 §4, protocol.md §3), the same in every mode. Each store that
 * reloads its family after a reconnect is also a ResyncParticipant; the ResyncCoordinator calls them in order.
 */
const RESYNCING_STORES = [PresenceStore, GitStore, PortsStore, SetupStore, LanguageStore, TasksStore, SystemStore, CommandStore, RawFsStore, ChannelStore] as const;

export function bindFamilyStores(c: Container): void {
  for (const store of [...RESYNCING_STORES, SearchStore, WorkspaceNotificationStore, LspChannel, ContainerStore, ResyncCoordinator]) bindSingleton(c, store);
  for (const store of RESYNCING_STORES) c.bind<ResyncParticipant>(ResyncParticipant).toService(store);
}

/** Pitcher mode: each family's port is served over the one websocket. */
export function bindPitcherFamilies(c: Container, client: PitcherClient): void {
  c.bind<GitPort>(GitPort).toConstantValue(new PitcherGit(client));
  c.bind<TasksPort>(TasksPort).toConstantValue(new PitcherTasks(client));
  c.bind<SetupPort>(SetupPort).toConstantValue(new PitcherSetup(client));
  c.bind<PortsPort>(PortsPort).toConstantValue(new PitcherPorts(client));
  c.bind<SearchPort>(SearchPort).toConstantValue(new PitcherSearch(client));
  c.bind<LanguagePort>(LanguagePort).toConstantValue(new PitcherLanguage(client));
  c.bind<SystemPort>(SystemPort).toConstantValue(new PitcherSystem(client));
  c.bind<WorkspaceNotificationsPort>(WorkspaceNotificationsPort).toConstantValue(new PitcherWorkspaceNotifications(client));
  c.bind<ChannelsPort>(ChannelsPort).toConstantValue(new PitcherChannels(client));
  c.bind<CommandsPort>(CommandsPort).toConstantValue(new PitcherCommands(client));
  c.bind<ContainerPort>(ContainerPort).toConstantValue(new PitcherContainer(client));
  c.bind<PresencePort>(PresencePort).toConstantValue(new PitcherPresence(client));
  c.bind<RawFsPort>(RawFsPort).toConstantValue(new PitcherRawFs(client));
}

/**
 * Creates the coordinator (and with it every resyncing store) so the first join already loads every family, and the
 * container store so it sees the connection from its first state on.
 */
export function startFamilies(c: Container): void {
  c.get(ResyncCoordinator);
  c.get(ContainerStore);
}
