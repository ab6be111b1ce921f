/**
 * Builds server and client only when their inputs changed since the last build (issue 7: a second `npm start`
 * answers within 2 s). The inputs are hashed by content: src/, the build configuration and the lock file.
 * `node scripts/build-if-changed.js` builds when needed; `--force` always builds.
 */
'use strict';
const { createHash } = require('node:crypto');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const STAMP = path.join(ROOT, 'dist', '.build-stamp');
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.server.json', 'webpack.config.ts', 'scripts/compress-assets.js'];
const INPUT_DIRS = ['src'];
const OUTPUTS = ['dist/server/src/server/main.js', 'dist/client/index.html'];

function listFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listFiles(full));
    else if (entry.isFile()) found.push(full);
  }
  return found;
}

/** One hash over the relative path and content of every input, in a stable order. */
function inputsHash() {
  const hash = createHash('sha256');
  const files = [
    ...INPUT_FILES.map((f) => path.join(ROOT, f)).filter((f) => fs.existsSync(f)),
    ...INPUT_DIRS.flatMap((d) => listFiles(path.join(ROOT, d))),
  ].sort();
  for (const file of files) {
    hash.update(path.relative(ROOT, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  hash.update(process.version);
  return hash.digest('hex');
}

function isUpToDate(hash) {
  try {
    return fs.readFileSync(STAMP, 'utf8').trim() === hash && OUTPUTS.every((f) => fs.existsSync(path.join(ROOT, f)));
  } catch {
    return false;
  }
}

/** Returns true when it built, false when the last build is current. Throws when the build fails. */
function buildIfChanged({ force = false, log = console.log } = {}) {
  const hash = inputsHash();
  if (!force && isUpToDate(hash)) return false;
  log(force ? 'Building Bullpen…' : 'Sources changed since the last build: building Bullpen (about a minute the first time)…');
  fs.rmSync(STAMP, { force: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed with exit code ${result.status}`);
  fs.mkdirSync(path.dirname(STAMP), { recursive: true });
  fs.writeFileSync(STAMP, `${hash}\n`);
  return true;
}

module.exports = { buildIfChanged, inputsHash };

if (require.main === module) {
  try {
    buildIfChanged({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
