import { WordWrap } from './editor-settings';

/**
 * Word wrap per language, over the user's setting, as VS Code's language defaults (`"[markdown]": { "editor.wordWrap":
 * "on" }`; in VS Code a language's setting wins over the general one): prose wraps, code follows the setting.
 */
const LANGUAGE_WORD_WRAP: Readonly<Record<string, WordWrap>> = { markdown: 'on' };

/** The word wrap an editor showing a document of `languageId` uses, given the user's setting. */
export function wordWrapFor(setting: WordWrap, languageId: string | undefined): WordWrap {
  return (languageId !== undefined && LANGUAGE_WORD_WRAP[languageId]) || setting;
}
