import { PROTOCOL_VERSION } from '../../../src/protocol';

/**
 * Shared constants of the wire scenarios. The recorded scenarios themselves (one group of fixtures per family, each
 * against its own real server) are in ./fixture-recorder/groups; scripts/record-contract-fixtures.ts writes them.
 */

/** The exact params the client adapters send in client/join (PitcherClient.opened). */
export const JOIN_PARAMS = { clientInfo: { protocolVersion: PROTOCOL_VERSION, appId: 'bullpen' }, asyncProgress: false, subscriptions: undefined };
export const SHELL_SIZE = { cols: 80, rows: 24 };
export const EDIT_TEXT = '// contract edit\n';
