/**
 * Layer rules of ../shared/docs/design.md, checked on every `npm test`.
 * base -> nothing; domain -> base; protocol -> base (+ @msgpack); application -> base, domain;
 * adapters -> base, domain, protocol, application ports, never another adapter family;
 * ui -> base, domain, application; server -> base, domain, protocol, server;
 * only composition roots (src/main.tsx, src/composition) name ui or adapters.
 * Changing a rule needs an ADR (docs/adr/0001-layering-and-di.md).
 */
const layer = (name) => `^src/${name}/`;
const npm = '(^|/)node_modules/';
const builtin = { dependencyTypes: ['core'] };

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    { name: 'base-imports-nothing', severity: 'error', from: { path: layer('base') }, to: { pathNot: [layer('base')] } },
    {
      name: 'domain-is-pure',
      comment: 'domain imports base only: no I/O, no frameworks, no Node or DOM APIs',
      severity: 'error',
      from: { path: layer('domain') },
      to: { pathNot: [layer('base'), layer('domain')] },
    },
    {
      name: 'protocol-imports-base-and-msgpack',
      severity: 'error',
      from: { path: layer('protocol') },
      to: { pathNot: [layer('base'), layer('protocol'), `${npm}@msgpack/msgpack/`] },
    },
    {
      name: 'application-imports-base-domain-and-state-libraries',
      severity: 'error',
      from: { path: layer('application') },
      to: { pathNot: [layer('base'), layer('domain'), layer('application'), `${npm}(mobx|inversify|ts-pattern|reflect-metadata)/`] },
    },
    {
      name: 'adapters-import-ports-not-application-internals',
      severity: 'error',
      from: { path: layer('adapters') },
      to: { path: layer('application'), pathNot: `^src/application/ports/` },
    },
    {
      name: 'adapters-never-import-ui-server-or-roots',
      severity: 'error',
      from: { path: layer('adapters') },
      to: { path: [layer('ui'), layer('server'), '^src/composition/', '^src/main\\.tsx$'] },
    },
    {
      name: 'adapter-families-are-independent',
      severity: 'error',
      from: { path: '^src/adapters/([^/]+)/' },
      to: { path: '^src/adapters/', pathNot: ['^src/adapters/$1/'] },
    },
    {
      name: 'ui-imports-base-domain-application',
      severity: 'error',
      from: { path: layer('ui') },
      to: { path: [layer('adapters'), layer('protocol'), layer('server'), '^src/composition/'] },
    },
    {
      name: 'browser-side-never-imports-server',
      severity: 'error',
      from: { pathNot: [layer('server')] },
      to: { path: layer('server') },
    },
    {
      name: 'server-imports-base-domain-protocol-server',
      severity: 'error',
      from: { path: layer('server') },
      to: { path: '^src/', pathNot: [layer('base'), layer('domain'), layer('protocol'), layer('server')] },
    },
    {
      name: 'shared-code-has-no-node-builtins',
      comment: 'base, domain, protocol, application and ui run in the browser: no Node core modules',
      severity: 'error',
      from: { path: '^src/(base|domain|protocol|application|ui|adapters)/' },
      to: builtin,
    },
    {
      name: 'only-roots-import-ui',
      severity: 'error',
      from: { pathNot: [layer('ui'), '^src/main\\.tsx$', '^src/composition/'] },
      to: { path: layer('ui') },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.d\\.ts$' },
  },
};
