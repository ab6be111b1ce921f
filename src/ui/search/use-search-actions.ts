import { useEffect } from 'react';
import { searchActions } from '../../application/search/search-actions';
import { SearchViewStore } from '../../application/search/search-view.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { LayoutStore } from '../../application/workbench/layout.store';
import { useService } from '../di/container-context';

/**
 * Registers the search actions while the workbench shell is shown. Called before the workbench's own actions are
 * registered: the first registered action wins a key, and Alt+W in the search box must toggle whole word.
 */
export function useSearchActions(actions: ActionRegistry): void {
  const layout = useService(LayoutStore);
  const searchView = useService(SearchViewStore);
  useEffect(() => actions.register(searchActions({ layout, searchView })), [actions, layout, searchView]);
}
