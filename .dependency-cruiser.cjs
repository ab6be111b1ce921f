/**
 * Layer rules of ../shared/docs/design.md ("One product, two sides, one language" and "Import rules"),
 * checked on every `npm test` (`npm run lint:deps`). Each rule quotes the design.md sentence it enforces.
 * base -> nothing; domain -> base (+ the pure-JS packages of DOMAIN_PACKAGES, ADR 0018); protocol -> base (+ @msgpack); application -> base, domain (+ state libraries);
 * adapters -> base, domain, protocol, application ports, never another adapter family;
 * ui -> base, domain, application; server -> base, domain, protocol, server;
 * server/application -> no server adapters, no Node built-ins, no native packages;
 * server adapter families never import each other;
 * only composition roots (src/main.tsx, src/composition) name ui or adapters.
 * That src/base, src/domain and src/protocol use no DOM or Node globals is checked by tsc
 * (`npm run typecheck:shared`, tsconfig.shared.json), not here.
 * Changing a rule needs an ADR (docs/adr/0001-layering-and-di.md).
 */
const layer = (name) => `^src/${name}/`;
const npm = '(^|/)node_modules/';
/** A package, whether resolved into node_modules (or its @types) or left unresolved (then the path is the bare name). */
const pkg = (names) => `(^|/)node_modules/(@types/)?(${names})(/|$)|^(${names})(/|$)`;
const builtin = { dependencyTypes: ['core'] };
/**
 * The packages src/domain may import (docs/adr/0018-pure-libraries-in-the-domain.md): pure JavaScript with no
 * dependencies of their own, no I/O, no DOM and no Node APIs, whose types pull in no DOM or Node globals
 * (`npm run typecheck:shared` checks that part). Adding one needs the ADR's checks.
 */
const DOMAIN_PACKAGES = 'jsonc-parser';

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'not-to-unresolvable',
      comment: 'Import rules "enforce them with dependency-cruiser": an import the cruiser cannot resolve cannot be checked, so it fails',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'base-imports-nothing',
      comment: 'design.md: "src/base ... Imports nothing." / "base imports nothing"',
      severity: 'error',
      from: { path: layer('base') },
      to: { pathNot: [layer('base')] },
    },
    {
      name: 'domain-is-pure',
      comment:
        'design.md: "src/domain: pure TypeScript. No I/O, ... no DOM, no Node APIs, no framework imports." / "domain imports base"; ' +
        'and the pure-JS packages of DOMAIN_PACKAGES (ADR 0018)',
      severity: 'error',
      from: { path: layer('domain') },
      to: { pathNot: [layer('base'), layer('domain'), pkg(DOMAIN_PACKAGES)] },
    },
    {
      name: 'protocol-imports-base-and-msgpack',
      comment:
        'design.md: "src/protocol ... Imports base and @msgpack/msgpack only." / "protocol imports base"; and zod, for the REST ' +
        'request schemas of src/protocol/api (issue 20, ADR 0023)',
      severity: 'error',
      from: { path: layer('protocol') },
      to: { pathNot: [layer('base'), layer('protocol'), `${npm}@msgpack/msgpack/`, `${npm}zod/`] },
    },
    {
      name: 'application-imports-base-domain-and-state-libraries',
      comment:
        'design.md: "application imports base and domain"; "src/application: the browser app\'s use cases and MobX stores. ' +
        'It talks to the outside only through ports ... No DOM, no network code." (state libraries: mobx, inversify, ts-pattern, reflect-metadata)',
      severity: 'error',
      from: { path: layer('application') },
      to: { pathNot: [layer('base'), layer('domain'), layer('application'), `${npm}(mobx|inversify|ts-pattern|reflect-metadata)/`] },
    },
    {
      name: 'adapters-import-ports-not-application-internals',
      comment: 'design.md: "adapters import base, domain, protocol and application ports"',
      severity: 'error',
      from: { path: layer('adapters') },
      to: { path: layer('application'), pathNot: `^src/application/ports/` },
    },
    {
      name: 'adapters-never-import-ui-server-or-roots',
      comment: 'design.md: "adapters import base, domain, protocol and application ports"; "nothing imports ui or server except their composition roots"',
      severity: 'error',
      from: { path: layer('adapters') },
      to: { path: [layer('ui'), layer('server'), '^src/composition/', '^src/main\\.tsx$'] },
    },
    {
      name: 'adapter-families-are-independent',
      comment: 'design.md: adapters "never another adapter family"',
      severity: 'error',
      from: { path: '^src/adapters/([^/]+)/' },
      to: { path: '^src/adapters/', pathNot: ['^src/adapters/$1/'] },
    },
    {
      name: 'ui-imports-base-domain-application',
      comment: 'design.md: "ui imports base, domain, application (never adapters: it gets services from the container)"',
      severity: 'error',
      from: { path: layer('ui') },
      to: { path: [layer('adapters'), layer('protocol'), layer('server'), '^src/composition/'] },
    },
    {
      name: 'ui-never-imports-transport-libraries',
      comment:
        'design.md: "ui imports base, domain, application (never adapters ...)"; the transport libraries belong to src/adapters: ' +
        '"the pitcher websocket client (msgpack, reconnecting-websocket), REST (axios), GraphQL (graphql-request)"',
      severity: 'error',
      from: { path: layer('ui') },
      to: { path: pkg('axios|ws|@msgpack/msgpack|graphql-request|reconnecting-websocket') },
    },
    {
      name: 'browser-side-never-imports-server',
      comment: 'design.md: "src/server imports ... nothing from the browser side; the browser side never imports src/server."',
      severity: 'error',
      from: { pathNot: [layer('server')] },
      to: { path: layer('server') },
    },
    {
      name: 'server-imports-base-domain-protocol-server',
      comment: 'design.md: "server imports base, domain, protocol and its own modules"',
      severity: 'error',
      from: { path: layer('server') },
      to: { path: '^src/', pathNot: [layer('base'), layer('domain'), layer('protocol'), layer('server')] },
    },
    {
      name: 'server-application-never-imports-server-adapters',
      comment:
        'design.md: "src/server: the back end, its own hexagon. Its use cases (src/server/application) handle platform and workspace ' +
        'requests against ports; its adapters (src/server/adapters) are Node code"',
      severity: 'error',
      from: { path: '^src/server/application/' },
      to: { path: '^src/server/adapters/' },
    },
    {
      name: 'server-application-has-no-node-builtins',
      comment: 'design.md: server use cases work "against ports"; Node code lives in the adapters: "its adapters (src/server/adapters) are Node code"',
      severity: 'error',
      from: { path: '^src/server/application/' },
      to: builtin,
    },
    {
      name: 'server-application-has-no-native-packages',
      comment:
        'design.md: "its adapters (src/server/adapters) are Node code: the file system, node-pty shells, ..." (native bindings: node-pty, any *.node)',
      severity: 'error',
      from: { path: '^src/server/application/' },
      to: { path: [pkg('node-pty'), '\\.node$'] },
    },
    {
      name: 'server-adapter-families-are-independent',
      comment: 'design.md: src/server is "its own hexagon"; its adapters, like the browser ones, "never another adapter family"',
      severity: 'error',
      from: { path: '^src/server/adapters/([^/]+)/' },
      to: { path: '^src/server/adapters/', pathNot: ['^src/server/adapters/$1/'] },
    },
    {
      name: 'shared-code-has-no-node-builtins',
      comment:
        'design.md: domain has "no Node APIs"; application, adapters and ui are the browser side. ' +
        'base, domain, protocol, application, adapters and ui run in the browser: no Node core modules',
      severity: 'error',
      from: { path: '^src/(base|domain|protocol|application|ui|adapters)/' },
      to: builtin,
    },
    {
      name: 'only-roots-import-ui',
      comment: 'design.md: "nothing imports ui or server except their composition roots"',
      severity: 'error',
      from: { pathNot: [layer('ui'), '^src/main\\.tsx$', '^src/boot\\.ts$', '^src/composition/'] },
      to: { path: layer('ui') },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve package export maps as webpack does (src/ui/editor/monaco-core.ts imports Monaco's parts through them).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'default'] },
  },
};
