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
import { ActionRegistry } from '../application/workbench/action-registry';
import { LayoutStore } from '../application/workbench/layout.store';
import { QuickInputStore } from '../application/workbench/quick-input.store';
import { SearchViewStore } from '../application/search/search-view.store';
import { DiffTabsStore } from '../application/git/diff-tabs.store';
import { ScmStore } from '../application/git/scm.store';
import { GitAutofetch } from '../application/git/git-autofetch';
import { PreviewStore } from '../application/port/preview.store';
import { AutoSave } from '../application/settings/auto-save';
import { EditorConfigStore } from '../application/settings/editorconfig.store';
import { FormatOnSave } from '../application/settings/format-on-save';
import { EditorStore } from '../application/editor/editor.store';
import { AiPort } from '../application/ports/ai.port';
import { AiToolbarStore } from '../application/ai/ai-toolbar.store';
import { UnconfiguredAi } from '../adapters/ai/unconfigured-ai.adapter';
import { bindSingleton } from './scoped-bindings';

/**
 * The workbench's own stores (layout, actions, quick input, status). The per-user preferences and settings they
 * keep (PreferencesPort, SettingsStore with the theme) are the root container's (root-container.ts).
 */
export function bindWorkbench(c: Container): void {
  for (const store of [ActionRegistry, LayoutStore, QuickInputStore, EditorStatusStore]) bindSingleton(c, store);
  for (const store of [ExplorerStore, FileTransfersStore, FileDecorationsStore]) bindSingleton(c, store);
  // Following, out-of-sync documents and the window label (spec 002 §2, §4).
  for (const store of [FollowStore, DocumentSyncStore, WindowLabelStore]) bindSingleton(c, store);
  for (const store of [EditorNavigationStore, SearchViewStore, ProblemsStore]) bindSingleton(c, store);
  // Source control: the view's state and the diff tabs of the editor area.
  for (const store of [ScmStore, DiffTabsStore, GitAutofetch]) bindSingleton(c, store);
  // The preview pane beside the editor (its token port is bound by the mode).
  bindSingleton(c, PreviewStore);
  // .editorconfig and format on save (the formatter, Prettier in a worker, is the root container's).
  for (const store of [EditorConfigStore, FormatOnSave, AutoSave]) bindSingleton(c, store);
  // The floating AI toolbar; no AI provider is configured (the port says so to the user).
  c.bind<AiPort>(AiPort).toConstantValue(new UnconfiguredAi());
  bindSingleton(c, AiToolbarStore);
}

/** Wiring between workbench stores that would otherwise depend on each other. */
export function startWorkbench(c: Container): void {
  const formatOnSave = c.get(FormatOnSave);
  c.get(EditorStore).setBeforeSave((session) => formatOnSave.beforeSave(session));
  c.get(GitAutofetch).start();
}
