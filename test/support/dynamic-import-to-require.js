/**
 * Jest transform for packages whose CommonJS build loads Node built-ins with `import("fs")` (PGlite's): Jest runs
 * tests as CommonJS and cannot run a dynamic import without --experimental-vm-modules, so a dynamic import of a
 * string literal becomes a resolved require. Node itself runs the package as it is.
 */
module.exports = {
  process(source) {
    // The module's own `require` (captured first: the package's code declares a local `require` of its own).
    const code = source.replace(/\bimport\((["'][^"'()]+["'])\)/g, 'Promise.resolve().then(() => __jestRequire($1))');
    if (code === source) return { code: source };
    // After a leading 'use strict' directive, which must stay first to apply.
    const directive = /^\s*(['"])use strict\1;?/.exec(code);
    const at = directive ? directive[0].length : 0;
    return { code: `${code.slice(0, at)}const __jestRequire = require;${code.slice(at)}` };
  },
  getCacheKey(source, filename) {
    return require('crypto').createHash('sha256').update('dynamic-import-to-require-3\0').update(filename).update('\0').update(source).digest('hex');
  },
};
