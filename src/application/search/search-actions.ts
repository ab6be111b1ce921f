import { ActionDeclaration } from '../workbench/action-registry';
import { LayoutStore } from '../workbench/layout.store';
import { SearchViewStore } from './search-view.store';

export interface SearchActionDeps {
  readonly layout: LayoutStore;
  readonly searchView: SearchViewStore;
}

/**
 * The search view's actions. The toggles' Alt keys work while the search box has focus; they are registered before
 * the workbench's own actions so that Alt+W there toggles whole word instead of closing the editor.
 */
export function searchActions({ layout, searchView }: SearchActionDeps): ActionDeclaration[] {
  const inSearchBox = () => searchView.inputFocused;
  return [
    {
      id: 'workbench.action.findInFiles',
      category: 'Search',
      label: 'Find in Files',
      keybinding: 'CtrlCmd+Shift+F',
      run: () => {
        layout.showView('search');
        searchView.requestFocus();
      },
    },
    { id: 'search.action.cancel', category: 'Search', label: 'Cancel', when: () => searchView.isRunning, run: () => searchView.cancel() },
    { id: 'toggleSearchCaseSensitive', category: 'Search', label: 'Toggle Match Case', keybinding: 'Alt+C', when: inSearchBox, run: () => searchView.toggle('caseSensitive') },
    { id: 'toggleSearchWholeWord', category: 'Search', label: 'Toggle Match Whole Word', keybinding: 'Alt+W', when: inSearchBox, run: () => searchView.toggle('wholeWord') },
    { id: 'toggleSearchRegex', category: 'Search', label: 'Toggle Use Regular Expression', keybinding: 'Alt+R', when: inSearchBox, run: () => searchView.toggle('isRegex') },
  ];
}
