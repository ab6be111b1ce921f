/** The selector of a tree row by its key (keys hold paths, so quotes and backslashes are escaped). */
export const rowSelector = (key: string): string => `[data-key="${key.replace(/["\\]/g, '\\$&')}"]`;
