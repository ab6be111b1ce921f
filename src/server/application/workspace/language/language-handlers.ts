import { LanguageRequests } from '../../../../protocol';
import { FamilyHandlers } from '../request-context';

export const languageHandlers: FamilyHandlers<keyof LanguageRequests> = {};
