import { ChannelRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const channelHandlers: FamilyHandlers<keyof ChannelRequests> = {
  'channel/subscribe': ({ workspace, session }, p) => workspace.channels.subscribe(session, p.name),
  'channel/unsubscribe': ({ workspace, session }, p) => workspace.channels.unsubscribe(session, p.name),
  'channel/message': ({ workspace, session }, p) => workspace.channels.message(session, p.name, p.data, p.clients),
};
