/**
 * Pre-compresses the client build (dist/client) once, at build time: every text asset above 1 KiB gets a `.br`
 * (brotli, best quality) and a `.gz` (gzip -9) beside it, which the server sends as they are (issue 7).
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { promisify } = require('node:util');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|ttf|map|txt|wasm)$/;
const MIN_BYTES = 1024;

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

async function compressAll(dir) {
  const files = listFiles(dir).filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).size >= MIN_BYTES);
  let raw = 0;
  let br = 0;
  await Promise.all(
    files.map(async (file) => {
      const content = fs.readFileSync(file);
      const [b, g] = await Promise.all([
        brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gzip(content, { level: 9 }),
      ]);
      fs.writeFileSync(`${file}.br`, b);
      fs.writeFileSync(`${file}.gz`, g);
      raw += content.length;
      br += b.length;
    }),
  );
  return { files: files.length, raw, br };
}

if (require.main === module) {
  const dir = path.resolve(__dirname, '..', 'dist', 'client');
  const started = Date.now();
  compressAll(dir).then(
    ({ files, raw, br }) =>
      console.log(`compressed ${files} assets: ${(raw / 1048576).toFixed(1)} MiB → ${(br / 1048576).toFixed(1)} MiB brotli in ${((Date.now() - started) / 1000).toFixed(1)} s`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

module.exports = { compressAll };
