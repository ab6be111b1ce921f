import { ResyncFamily } from '../../domain/connection/resync-order';

/**
 * A store that reloads its family's state after a reconnect or an instance switch. Stores are bound to this token
 * (multi-binding) in the composition root; the ResyncCoordinator calls them in the spec's family order.
 */
export const ResyncParticipant = Symbol('ResyncParticipant');

export interface ResyncParticipant {
  readonly family: ResyncFamily;
  resync(): Promise<void>;
}
