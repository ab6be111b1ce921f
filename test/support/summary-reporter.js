/** Writes the run's totals to test-results/summary.json for .ci/run's closing line. */
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const dir = path.resolve(__dirname, '..', '..', 'test-results');
    fs.mkdirSync(dir, { recursive: true });
    const summary = {
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    fs.writeFileSync(path.join(dir, 'summary.json'), JSON.stringify(summary));
  }
}
module.exports = SummaryReporter;
