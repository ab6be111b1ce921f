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
const STAMP = 'dist/.build-stamp';
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
function inputsHash(root = ROOT) {
  const hash = createHash('sha256');
  const files = [
    ...INPUT_FILES.map((f) => path.join(root, f)).filter((f) => fs.existsSync(f)),
    ...INPUT_DIRS.flatMap((d) => (fs.existsSync(path.join(root, d)) ? listFiles(path.join(root, d)) : [])),
  ].sort();
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  hash.update(process.version);
  return hash.digest('hex');
}

function isUpToDate(root, hash) {
  try {
    return fs.readFileSync(path.join(root, STAMP), 'utf8').trim() === hash && OUTPUTS.every((f) => fs.existsSync(path.join(root, f)));
  } catch {
    return false;
  }
}

/** `npm run build` in `root`; throws when it fails. */
function npmBuild(root) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed with exit code ${result.status}`);
}

/**
 * Returns true when it built, false when the last build is current. Throws when the build fails (the stamp is gone
 * then, so the next start builds again). `root` and `build` are for tests.
 */
function buildIfChanged({ force = false, log = console.log, root = ROOT, build = npmBuild } = {}) {
  const hash = inputsHash(root);
  if (!force && isUpToDate(root, hash)) return false;
  log(force ? 'Building Bullpen…' : 'Sources changed since the last build: building Bullpen (about a minute the first time)…');
  const stamp = path.join(root, STAMP);
  fs.rmSync(stamp, { force: true });
  build(root);
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, `${hash}\n`);
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
