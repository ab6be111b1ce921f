import { type DomainError, domainError } from '../../base/result';
import { OFFICIAL_FEATURES, KNOWN_FEATURES } from './devcontainer-features';
import { OFFICIAL_TEMPLATES, templateIds } from './devcontainer-templates';

export type DevContainerErrorKind = 'invalid-params' | 'unknown-template' | 'unknown-option' | 'invalid-option' | 'unknown-feature';

export type DevContainerError = DomainError<DevContainerErrorKind>;

/** The user-facing texts of container/setup, kept in one place. */
export const devContainerErrors = {
  invalidParams: (message: string): DevContainerError => domainError('invalid-params', message),
  unknownTemplate: (templateId: string): DevContainerError =>
    domainError(
      'unknown-template',
      `Unknown dev container template ${JSON.stringify(templateId)}: Bullpen knows ${templateIds().join(', ')} ` +
        `(${OFFICIAL_TEMPLATES}/<name>, or the name alone)`,
    ),
  unknownOption: (template: string, option: string, options: readonly string[]): DevContainerError =>
    domainError(
      'unknown-option',
      `The template ${template} has no option ${JSON.stringify(option)}` + (options.length > 0 ? `; its options are ${options.join(', ')}` : '; it has no options'),
    ),
  invalidBoolean: (template: string, option: string): DevContainerError =>
    domainError('invalid-option', `The option ${option} of the template ${template} must be "true" or "false"`),
  unknownFeature: (given: string): DevContainerError =>
    domainError(
      'unknown-feature',
      `Unknown feature ${JSON.stringify(given)}: give its full id (e.g. ${OFFICIAL_FEATURES}/node:1) or one of the names ` +
        Object.keys(KNOWN_FEATURES).join(', '),
    ),
};
