import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, array, object, optional, string, unknownValue } from '../schema';

/** channel/* messages (protocol.md §3): named rooms for messages between clients (chat, following's focus-file). */
const name = string({ nonEmpty: true, max: 256 });
export const channelNameParams = object({ name });
export type ChannelNameParams = Infer<typeof channelNameParams>;
export const channelMessageParams = object({
  name,
  clients: optional(array(string({ nonEmpty: true, max: 128 }), { max: 1000 })),
  data: unknownValue,
});
export type ChannelMessageParams = Infer<typeof channelMessageParams>;

export interface ChannelMembership {
  name: string;
  clientId: string;
  subscribers: string[];
}
export interface ChannelMessage {
  name: string;
  clientId: string;
  isUser: boolean;
  data: unknown;
}

export interface ChannelRequests {
  'channel/subscribe': { params: ChannelNameParams; result: { subscribers: string[] } };
  'channel/unsubscribe': { params: ChannelNameParams; result: Record<string, never> };
  'channel/message': { params: ChannelMessageParams; result: { clients: string[] } };
}
export interface ChannelNotifications {
  'channel/subscribed': ChannelMembership;
  'channel/unsubscribed': ChannelMembership;
  'channel/message': ChannelMessage;
}
export const channelSchemas: RequestSchemas<ChannelRequests> = {
  'channel/subscribe': channelNameParams,
  'channel/unsubscribe': channelNameParams,
  'channel/message': channelMessageParams,
};
export const channelPermissions: RequestPermissions<ChannelRequests> = {
  'channel/subscribe': ['channel', 'subscribe'],
  'channel/unsubscribe': ['channel', 'subscribe'],
  'channel/message': ['channel', 'message'],
};
