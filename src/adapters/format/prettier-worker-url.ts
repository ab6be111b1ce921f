/* eslint-disable */
/** Starts the Prettier worker; import.meta is valid in the webpack build (ADR 0004), so this module stays apart. */
export function startPrettierWorker(): Worker {
  // @ts-ignore import.meta in the webpack build
  return new Worker(new URL(/* webpackChunkName: "prettier-worker" */ './prettier.worker.ts', import.meta.url), { name: 'prettier' });
}
