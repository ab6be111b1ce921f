import { useEffect } from 'react';
import { EditorNavigationStore } from '../../application/editor/editor-navigation.store';
import { EditorStore } from '../../application/editor/editor.store';
import { FileTreeStore } from '../../application/files/file-tree.store';
import { RawFsStore } from '../../application/fs/raw-fs.store';
import { LanguageStore } from '../../application/language/language.store';
import { LspChannel } from '../../application/language/lsp-channel';
import { ProblemsStore } from '../../application/language/problems.store';
import { useService } from '../di/container-context';
import { installLanguageFeatures } from './language-features';

/** Installs the language-server features while the editor is shown (part of the lazily loaded editor chunk). */
export function useLanguageFeatures(): void {
  const channel = useService(LspChannel);
  const languages = useService(LanguageStore);
  const problems = useService(ProblemsStore);
  const editor = useService(EditorStore);
  const files = useService(FileTreeStore);
  const navigation = useService(EditorNavigationStore);
  const rawFs = useService(RawFsStore);
  useEffect(() => {
    const features = installLanguageFeatures({ channel, languages, problems, editor, files, navigation, rawFs });
    return () => features.dispose();
  }, [channel, languages, problems, editor, files, navigation, rawFs]);
}
