import { RequestPermissions } from './family';
import * as channel from './methods/channel';
import * as client from './methods/client';
import * as command from './methods/command';
import * as container from './methods/container';
import * as file from './methods/file';
import * as fs from './methods/fs';
import * as fsSearch from './methods/fs-search';
import * as git from './methods/git';
import * as language from './methods/language';
import * as notification from './methods/notification';
import * as port from './methods/port';
import * as setup from './methods/setup';
import * as shell from './methods/shell';
import * as system from './methods/system';
import * as task from './methods/task';
import { Schema } from './schema';

/** Every request this Bullpen build speaks: params and result types by method name, composed from the families. */
export interface PitcherRequests
  extends client.ClientRequests,
    fs.FsRequests,
    fsSearch.FsSearchRequests,
    file.FileRequests,
    shell.ShellRequests,
    port.PortRequests,
    task.TaskRequests,
    setup.SetupRequests,
    git.GitRequests,
    language.LanguageRequests,
    system.SystemRequests,
    notification.NotificationRequests,
    channel.ChannelRequests,
    command.CommandRequests,
    container.ContainerRequests {}
export type RequestMethod = keyof PitcherRequests;
export type ParamsOf<M extends RequestMethod> = PitcherRequests[M]['params'];
export type ResultOf<M extends RequestMethod> = PitcherRequests[M]['result'];

/** Every notification the server sends, by method name. */
export interface PitcherNotifications
  extends client.ClientNotifications,
    fs.FsNotifications,
    fsSearch.FsSearchNotifications,
    file.FileNotifications,
    shell.ShellNotifications,
    port.PortNotifications,
    task.TaskNotifications,
    setup.SetupNotifications,
    git.GitNotifications,
    language.LanguageNotifications,
    system.SystemNotifications,
    notification.NotificationNotifications,
    channel.ChannelNotifications,
    command.CommandNotifications,
    container.ContainerNotifications {}
export type NotificationMethod = keyof PitcherNotifications;

/** Params schemas, checked by the server before any handler runs. */
export const paramsSchemas = {
  ...client.clientSchemas,
  ...fs.fsSchemas,
  ...fsSearch.fsSearchSchemas,
  ...file.fileSchemas,
  ...shell.shellSchemas,
  ...port.portSchemas,
  ...task.taskSchemas,
  ...setup.setupSchemas,
  ...git.gitSchemas,
  ...language.languageSchemas,
  ...system.systemSchemas,
  ...notification.notificationSchemas,
  ...channel.channelSchemas,
  ...command.commandSchemas,
  ...container.containerSchemas,
} as { [M in RequestMethod]: Schema<ParamsOf<M>> };

/** The permission each request needs (spec 002 §6), checked by the server before any handler runs. */
export const requiredPermissions: RequestPermissions<PitcherRequests> = {
  ...client.clientPermissions,
  ...fs.fsPermissions,
  ...fsSearch.fsSearchPermissions,
  ...file.filePermissions,
  ...shell.shellPermissions,
  ...port.portPermissions,
  ...task.taskPermissions,
  ...setup.setupPermissions,
  ...git.gitPermissions,
  ...language.languagePermissions,
  ...system.systemPermissions,
  ...notification.notificationPermissions,
  ...channel.channelPermissions,
  ...command.commandPermissions,
  ...container.containerPermissions,
};

export const isRequestMethod = (method: string): method is RequestMethod =>
  Object.prototype.hasOwnProperty.call(paramsSchemas, method);

/** Client-side request time-out (spec 001 §9) and its message (spec 001 §8). */
export const PITCHER_REQUEST_TIMEOUT_MS = 90_000;
export const JOIN_TIMEOUT_MS = 60 * 60 * 1000;
export const requestTimedOutMessage = (method: string) => `Pitcher message ${method} timed out`;

/** The protocol version this build speaks (the published one it is compatible with). */
export const PROTOCOL_VERSION = '0.360.4';
export const BULLPEN_PITCHER_VERSION = '0.360.4';
