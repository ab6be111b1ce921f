import 'reflect-metadata';
import { Container, interfaces } from 'inversify';
import { FormatterPort } from '../application/ports/formatter.port';
import { PreferencesPort } from '../application/ports/preferences.port';
import { ThemeLoaderPort } from '../application/ports/theme-loader.port';
import { SettingsStore } from '../application/settings/settings.store';
import { NotifyError, NotifyInfo, WindowActive } from '../application/tokens';
import { Notice, NotificationsStore } from '../application/workspace/notifications.store';
import { WorkspaceScopeFactory, WorkspaceScopes } from '../application/workspace/workspace-scopes';
import { PrettierWorkerFormatter } from '../adapters/format/prettier-worker.formatter';
import { pageIsVisible } from '../adapters/pitcher/focus-source';
import { LocalPreferences } from '../adapters/storage/local-preferences.adapter';
import { BundledThemes } from '../adapters/themes/bundled-themes.adapter';
import { PlatformPorts, bindPlatform } from './platform-bindings';
import { bindSingleton } from './scoped-bindings';
import { WorkspaceScopeOptions, createWorkspaceScope } from './workspace-container';

export interface RootContainerOptions {
  readonly preferences?: PreferencesPort;
  /** The platform's ports (tests give fakes); by default the REST API, cookies and the browser's windows. */
  readonly platform?: PlatformPorts;
  /** How an open workspace's child container is built (tests give fakes). */
  readonly workspace?: WorkspaceScopeOptions;
}

/** Toasts: errors and notices from every store, root or workspace, are shown by one list. */
export function bindNotices(c: Container): void {
  bindSingleton(c, NotificationsStore);
  const toast = (variant: Notice['variant']) => (ctx: interfaces.Context) => {
    const notifications = ctx.container.get(NotificationsStore);
    return (message: string) => notifications.show(variant, message);
  };
  c.bind<NotifyError>(NotifyError).toDynamicValue(toast('error')).inSingletonScope();
  c.bind<NotifyInfo>(NotifyInfo).toDynamicValue(toast('info')).inSingletonScope();
  // Background work (git autofetch) waits while the page is hidden.
  c.bind<WindowActive>(WindowActive).toConstantValue(pageIsVisible);
}

/** The person's preferences (local storage), editor settings and colour theme, and the formatter they format with. */
export function bindPreferences(c: Container, preferences: PreferencesPort = new LocalPreferences()): void {
  c.bind<PreferencesPort>(PreferencesPort).toConstantValue(preferences);
  c.bind<ThemeLoaderPort>(ThemeLoaderPort).toConstantValue(new BundledThemes());
  bindSingleton(c, SettingsStore);
  c.bind<FormatterPort>(FormatterPort).toConstantValue(new PrettierWorkerFormatter());
}

/**
 * The browser's root container (the only browser code, with the other modules of src/composition, that names
 * adapters): what lives as long as the page (platform ports, the session, preferences, theme, toasts) and the
 * workspace scopes, each a child container that an editor route opens and closes (design.md "Scopes and lifetime").
 */
export function createRootContainer(options: RootContainerOptions = {}): Container {
  const c = new Container();
  bindNotices(c);
  bindPreferences(c, options.preferences);
  bindPlatform(c, options.platform);
  c.bind<WorkspaceScopeFactory>(WorkspaceScopeFactory).toConstantValue((sandboxId) => createWorkspaceScope(c, sandboxId, options.workspace));
  bindSingleton(c, WorkspaceScopes);
  return c;
}
