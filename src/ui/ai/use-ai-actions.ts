import { useEffect } from 'react';
import { aiActions } from '../../application/ai/ai-actions';
import { AiToolbarStore } from '../../application/ai/ai-toolbar.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { useService } from '../di/container-context';

/** Registers the AI toolbar's action (src/application/ai/ai-actions.ts) while the workbench shell is shown. */
export function useAiActions(actions: ActionRegistry): void {
  const aiToolbar = useService(AiToolbarStore);
  useEffect(() => actions.register(aiActions({ aiToolbar })), [actions, aiToolbar]);
}
