import { Event } from '../../base/event';

/** The workspace's dev container (protocol.md §3 container; docs/protocol/system.md). */
export const ContainerPort = Symbol('ContainerPort');

/** container/openSetupDevtool: the workspace asks the client to open the dev-container setup tool. */
export interface SetupDevtoolRequest {
  dependencies: unknown;
}

/** container/setup params: a dev-container template with its arguments and features. */
export interface ContainerSetup {
  templateId: string;
  templateArgs: unknown;
  features?: Array<{ id: string; options: unknown }>;
}

export interface ContainerPort {
  readonly onDidRequestSetupDevtool: Event<SetupDevtoolRequest>;
  setup(setup: ContainerSetup): Promise<unknown>;
}
