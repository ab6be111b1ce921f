/** Jest projects: unit (pure, fast), contract (fixtures against client adapter and real server), e2e (Chromium against npm start). */
const tsJest = ['ts-jest', { isolatedModules: true, tsconfig: 'tsconfig.json' }];
const common = {
  transform: { '^.+\\.tsx?$': tsJest, '/node_modules/@electric-sql/pglite/.+\\.cjs$': '<rootDir>/test/support/dynamic-import-to-require.js' },
  // PGlite's CommonJS build is transformed (its dynamic imports of built-ins); every other package runs as it is.
  transformIgnorePatterns: ['/node_modules/(?!@electric-sql/pglite/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  // Component tests (jsdom) import views that import stylesheets.
  moduleNameMapper: { '\\.css$': '<rootDir>/test/support/style-stub.js' },
};
module.exports = {
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    // Component tests run under jsdom, which lacks TextEncoder (react-router's routes need it).
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/test/unit/**/*.test.ts?(x)'], setupFiles: ['<rootDir>/test/support/text-encoding.js'] },
    { ...common, displayName: 'contract', testEnvironment: 'node', testMatch: ['<rootDir>/test/contract/**/*.test.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/e2e/support/global-teardown.ts',
    },
  ],
};
