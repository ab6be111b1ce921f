/** The typed ot.js wrapper is shared with the benchmarks. */
export * from '../../../../../bench/support/ot-js';
