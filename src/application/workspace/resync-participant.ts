import { ResyncCause, ResyncFamily } from '../../domain/connection/resync-order';

/**
 * A store that reloads its family's state after a reconnect or an instance switch. Stores are bound to this token
 * (multi-binding) in the composition root; the ResyncCoordinator calls them in the spec's family order.
 */
export const ResyncParticipant = Symbol('ResyncParticipant');

export interface ResyncParticipant {
  readonly family: ResyncFamily;
  /**
   * True when this store's first load is WorkbenchStore's (the collaborator list, the tree, the initial file and the
   * terminal): the coordinator leaves it out of the 'initial' resync and calls it after a reconnect or switch.
   */
  readonly skipsInitialLoad?: boolean;
  resync(cause: ResyncCause): Promise<void>;
}
