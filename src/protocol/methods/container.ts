import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, array, object, optional, string, unknownValue } from '../schema';

/** container/* messages (protocol.md §3): dev-container set-up from a template. */
export const containerSetupParams = object({
  templateId: string({ nonEmpty: true, max: 256 }),
  templateArgs: unknownValue,
  features: optional(array(object({ id: string({ nonEmpty: true, max: 256 }), options: unknownValue }), { max: 100 })),
});
export type ContainerSetupParams = Infer<typeof containerSetupParams>;

export interface ContainerRequests {
  'container/setup': { params: ContainerSetupParams; result: unknown };
}
export interface ContainerNotifications {
  'container/openSetupDevtool': { dependencies: unknown };
}
export const containerSchemas: RequestSchemas<ContainerRequests> = { 'container/setup': containerSetupParams };
export const containerPermissions: RequestPermissions<ContainerRequests> = { 'container/setup': ['container', 'setup'] };
