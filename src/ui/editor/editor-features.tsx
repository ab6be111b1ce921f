import { useLanguageFeatures } from '../language/use-language-features';

/**
 * What Monaco holds once for every editor group's editor: the language features (providers are Monaco-wide). Part of
 * the lazily loaded editor chunk, mounted once by the editor area.
 */
export function EditorFeatures(): null {
  useLanguageFeatures();
  return null;
}
