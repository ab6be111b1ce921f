import { Container } from 'inversify';
import { EditorNavigationStore } from '../application/editor/editor-navigation.store';
import { WindowLabelStore } from '../application/container/window-label.store';
import { DocumentSyncStore } from '../application/editor/document-sync.store';
import { EditorStatusStore } from '../application/editor/editor-status.store';
import { ExplorerStore } from '../application/files/explorer.store';
import { FileDecorationsStore } from '../application/files/file-decorations.store';
import { FileTransfersStore } from '../application/files/file-transfers.store';
import { FollowStore } from '../application/presence/follow.store';
import { ProblemsStore } from '../application/language/problems.store';
import { PreferencesPort } from '../application/ports/preferences.port';
import { ActionRegistry } from '../application/workbench/action-registry';
import { LayoutStore } from '../application/workbench/layout.store';
import { QuickInputStore } from '../application/workbench/quick-input.store';
import { SearchViewStore } from '../application/search/search-view.store';
import { DiffTabsStore } from '../application/git/diff-tabs.store';
import { ScmStore } from '../application/git/scm.store';
import { GitAutofetch } from '../application/git/git-autofetch';
import { PreviewStore } from '../application/port/preview.store';
import { LocalPreferences } from '../adapters/storage/local-preferences.adapter';
import { FormatterPort } from '../application/ports/formatter.port';
import { ThemeLoaderPort } from '../application/ports/theme-loader.port';
import { AutoSave } from '../application/settings/auto-save';
import { EditorConfigStore } from '../application/settings/editorconfig.store';
import { FormatOnSave } from '../application/settings/format-on-save';
import { SettingsStore } from '../application/settings/settings.store';
import { EditorStore } from '../application/editor/editor.store';
import { PrettierWorkerFormatter } from '../adapters/format/prettier-worker.formatter';
import { BundledThemes } from '../adapters/themes/bundled-themes.adapter';
import { AiPort } from '../application/ports/ai.port';
import { AiToolbarStore } from '../application/ai/ai-toolbar.store';
import { UnconfiguredAi } from '../adapters/ai/unconfigured-ai.adapter';

/** The workbench's own stores (layout, actions, quick input, status) and the per-user preferences they keep. */
export function bindWorkbench(c: Container, preferences: PreferencesPort = new LocalPreferences()): void {
  c.bind<PreferencesPort>(PreferencesPort).toConstantValue(preferences);
  for (const store of [ActionRegistry, LayoutStore, QuickInputStore, EditorStatusStore]) c.bind(store).toSelf().inSingletonScope();
  for (const store of [ExplorerStore, FileTransfersStore, FileDecorationsStore]) c.bind(store).toSelf().inSingletonScope();
  // Following, out-of-sync documents and the window label (spec 002 §2, §4).
  for (const store of [FollowStore, DocumentSyncStore, WindowLabelStore]) c.bind(store).toSelf().inSingletonScope();
  for (const store of [EditorNavigationStore, SearchViewStore, ProblemsStore]) c.bind(store).toSelf().inSingletonScope();
  // Source control: the view's state and the diff tabs of the editor area.
  for (const store of [ScmStore, DiffTabsStore, GitAutofetch]) c.bind(store).toSelf().inSingletonScope();
  // The preview pane beside the editor (its token port is bound by the mode).
  c.bind(PreviewStore).toSelf().inSingletonScope();
  // Editor settings, themes, .editorconfig and format on save (Prettier in a worker).
  c.bind<ThemeLoaderPort>(ThemeLoaderPort).toConstantValue(new BundledThemes());
  c.bind<FormatterPort>(FormatterPort).toConstantValue(new PrettierWorkerFormatter());
  for (const store of [SettingsStore, EditorConfigStore, FormatOnSave, AutoSave]) c.bind(store).toSelf().inSingletonScope();
  // The floating AI toolbar; no AI provider is configured (the port says so to the user).
  c.bind<AiPort>(AiPort).toConstantValue(new UnconfiguredAi());
  c.bind(AiToolbarStore).toSelf().inSingletonScope();
}

/** Wiring between workbench stores that would otherwise depend on each other. */
export function startWorkbench(c: Container): void {
  const formatOnSave = c.get(FormatOnSave);
  c.get(EditorStore).setBeforeSave((session) => formatOnSave.beforeSave(session));
  c.get(GitAutofetch).start();
}
