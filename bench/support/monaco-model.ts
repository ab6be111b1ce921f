/**
 * Monaco's real text model (monaco-editor's `vs/editor/common/model/textModel.js`, the piece-tree model the editor
 * uses) in Node, without a DOM. The ESM files are loaded with require() (Node >= 20.19 loads ES modules that way);
 * the model's collaborators are Monaco's own LanguageService, LanguageConfigurationService and UndoRedoService, with
 * stubs only for the configuration, dialog, notification and tree-sitter services, which a plain-text model does not
 * consult while editing.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type * as monaco from 'monaco-editor';

export interface MonacoModelFactory {
  /** e.g. "monaco-editor 0.57.0" */
  readonly version: string;
  readonly Range: typeof monaco.Range;
  createModel(text: string): monaco.editor.ITextModel;
}

/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
export function loadMonacoModelFactory(): MonacoModelFactory {
  // The package's "exports" map exposes neither its package.json nor esm/: locate the directory through node_modules.
  const root = (require.resolve.paths('monaco-editor') ?? []).map((dir) => path.join(dir, 'monaco-editor')).find((dir) => existsSync(path.join(dir, 'package.json')));
  if (!root) throw new Error('monaco-editor is not installed');
  const vs = (file: string) => require(path.join(root, 'esm', 'vs', file));
  const { version } = require(path.join(root, 'package.json')) as { version: string };
  const { TextModel } = vs('editor/common/model/textModel.js');
  const { InstantiationService } = vs('platform/instantiation/common/instantiationService.js');
  const { ServiceCollection } = vs('platform/instantiation/common/serviceCollection.js');
  const { ILanguageService } = vs('editor/common/languages/language.js');
  const { LanguageService } = vs('editor/common/services/languageService.js');
  const { ILanguageConfigurationService, LanguageConfigurationService } = vs('editor/common/languages/languageConfigurationRegistry.js');
  const { IUndoRedoService } = vs('platform/undoRedo/common/undoRedo.js');
  const { UndoRedoService } = vs('platform/undoRedo/common/undoRedoService.js');
  const { IConfigurationService } = vs('platform/configuration/common/configuration.js');
  const { ITreeSitterLibraryService } = vs('editor/common/services/treeSitter/treeSitterLibraryService.js');
  const { IDialogService } = vs('platform/dialogs/common/dialogs.js');
  const { INotificationService } = vs('platform/notification/common/notification.js');
  const { Range } = vs('editor/common/core/range.js');

  const none = { dispose() {} };
  const services = new ServiceCollection(
    [ILanguageService, new LanguageService()],
    [IConfigurationService, { getValue: () => undefined, onDidChangeConfiguration: () => none }],
    [IDialogService, {}],
    [INotificationService, {}],
    [ITreeSitterLibraryService, { supportsLanguage: () => false, getParserClass: () => undefined }],
  );
  const instantiation = new InstantiationService(services, true);
  services.set(ILanguageConfigurationService, instantiation.createInstance(LanguageConfigurationService));
  services.set(IUndoRedoService, instantiation.createInstance(UndoRedoService));
  return {
    version: `monaco-editor ${version}`,
    Range,
    createModel: (text) => instantiation.createInstance(TextModel, text, 'plaintext', TextModel.DEFAULT_CREATION_OPTIONS, null),
  };
}
/* eslint-enable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
