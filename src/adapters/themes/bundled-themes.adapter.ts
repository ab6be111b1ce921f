import { ThemeLoaderPort } from '../../application/ports/theme-loader.port';
import { ThemeDefinition } from '../../domain/settings/themes';
import bullpenDark from './bundled/bullpen-dark';

/**
 * The bundled themes, each its own chunk (src/adapters/themes/bundled/<id>.ts), fetched when first chosen. The default
 * theme (Bullpen Dark, about 1 KB) is part of this module, so a start with it, or a fallback to it, fetches nothing.
 */
export class BundledThemes implements ThemeLoaderPort {
  async load(id: string): Promise<unknown> {
    if (id === bullpenDark.id) return bullpenDark;
    if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`Unknown theme ${id}`);
    const module = (await import(/* webpackChunkName: "theme-[request]" */ `./bundled/${id}`)) as { default: ThemeDefinition };
    return module.default;
  }
}
