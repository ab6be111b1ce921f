/** Loads a colour theme's definition by id (the result is checked by the caller: it may be anything). */
export const ThemeLoaderPort = Symbol('ThemeLoaderPort');

export interface ThemeLoaderPort {
  load(id: string): Promise<unknown>;
}
