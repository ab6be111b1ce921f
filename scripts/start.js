/**
 * `npm start`: builds when the sources changed since the last build (scripts/build-if-changed.js), then runs the
 * server in this same process, so a start without changes costs one hash of the sources and the server's own start.
 */
'use strict';
const path = require('node:path');
const { buildIfChanged } = require('./build-if-changed');

try {
  buildIfChanged();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
require(path.resolve(__dirname, '..', 'dist', 'server', 'src', 'server', 'main.js'));
