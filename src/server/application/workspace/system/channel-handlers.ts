import { ChannelRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const channelHandlers: FamilyHandlers<keyof ChannelRequests> = {};
