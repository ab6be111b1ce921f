import { ThemeLoaderPort } from '../../application/ports/theme-loader.port';
import { ThemeDefinition } from '../../domain/settings/themes';

/** The bundled themes, each its own chunk (src/adapters/themes/bundled/<id>.ts), fetched when first chosen. */
export class BundledThemes implements ThemeLoaderPort {
  async load(id: string): Promise<unknown> {
    if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`Unknown theme ${id}`);
    const module = (await import(/* webpackChunkName: "theme-[request]" */ `./bundled/${id}`)) as { default: ThemeDefinition };
    return module.default;
  }
}
