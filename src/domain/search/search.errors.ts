/** Texts of the search errors sent to clients (protocol code INVALID_PARAMS). */
export const searchErrors = {
  invalidRegex: (detail: string): string => `Invalid regular expression: ${detail}`,
  searchIdInUse: (searchId: string): string => `A search with id ${searchId} is already running`,
} as const;
