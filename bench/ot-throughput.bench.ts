/**
 * Transform and compose throughput of our TextOperation against ot.js 0.0.15, on the same seeded random
 * operations over a 10 KB document. Target: ours/ot.js >= 1.0x.
 */
import { unwrap } from '../src/base/result';
import { TextOperation } from '../src/domain/ot/text-operation';
import { compareThroughput } from './support/measure';
import { type OtJsOperation, otjs } from './support/ot-js';
import { createPrng } from './support/prng';
import { type JsonOp, applyJson, randomOperation, randomText } from './support/random-operations';
import { formatRate, formatRatio, printTable } from './support/table';

const DOC_LENGTH = 10 * 1024;
const PAIRS = 2000;
const OPTIONS = { warmupRounds: 5, rounds: 15 };

interface Workload {
  readonly name: string;
  /** Edit sites per operation. */
  readonly regions: number;
  /** Times the pair list is walked per round, so a round lasts a few tens of milliseconds. */
  readonly repeat: number;
}

const WORKLOADS: Workload[] = [
  { name: 'keystroke (1 site)', regions: 1, repeat: 20 },
  { name: 'multi-site (8 sites)', regions: 8, repeat: 6 },
  { name: 'large (64 sites)', regions: 64, repeat: 1 },
];

interface Pairs {
  readonly ours: Array<[TextOperation, TextOperation]>;
  readonly theirs: Array<[OtJsOperation, OtJsOperation]>;
}

function buildPairs(seed: number, regions: number, consecutive: boolean): Pairs {
  const random = createPrng(seed);
  const doc = randomText(random, DOC_LENGTH);
  const jsonPairs: Array<[JsonOp, JsonOp]> = [];
  for (let i = 0; i < PAIRS; i++) {
    const a = randomOperation(random, doc.length, regions);
    const bBase = consecutive ? applyJson(doc, a).length : doc.length;
    jsonPairs.push([a, randomOperation(random, bBase, regions)]);
  }
  return {
    ours: jsonPairs.map(([a, b]) => [unwrap(TextOperation.fromJSON(a)), unwrap(TextOperation.fromJSON(b))]),
    theirs: jsonPairs.map(([a, b]) => [otjs.TextOperation.fromJSON(a), otjs.TextOperation.fromJSON(b)]),
  };
}

function checkSameResults(transform: Pairs, compose: Pairs): void {
  for (let i = 0; i < 50; i++) {
    const [oa, ob] = transform.ours[i];
    const [ta, tb] = transform.theirs[i];
    const ours = unwrap(TextOperation.transform(oa, ob));
    const theirs = otjs.TextOperation.transform(ta, tb);
    const [ca, cb] = compose.ours[i];
    const [da, db] = compose.theirs[i];
    if (
      JSON.stringify([ours[0], ours[1], unwrap(ca.compose(cb))]) !== JSON.stringify([theirs[0], theirs[1], da.compose(db)])
    ) {
      throw new Error(`ours and ot.js disagree on pair ${i}`);
    }
  }
}

export async function run(): Promise<void> {
  console.log(`document ${DOC_LENGTH} UTF-16 units, ${PAIRS} seeded operation pairs per workload, ` +
    `${OPTIONS.warmupRounds} warm-up + ${OPTIONS.rounds} measured rounds, median shown`);
  const rows: string[][] = [];
  let worst = Infinity;
  WORKLOADS.forEach((workload, index) => {
    const transformPairs = buildPairs(1000 + index, workload.regions, false);
    const composePairs = buildPairs(2000 + index, workload.regions, true);
    checkSameResults(transformPairs, composePairs);
    const calls = PAIRS * workload.repeat;

    const transformRates = compareThroughput(
      {
        ours: () => {
          let sink = 0;
          for (let r = 0; r < workload.repeat; r++) {
            for (const [a, b] of transformPairs.ours) {
              const result = TextOperation.transform(a, b);
              if (result.ok) sink += result.value[0].ops.length;
            }
          }
          return sink;
        },
        'ot.js': () => {
          let sink = 0;
          for (let r = 0; r < workload.repeat; r++) {
            for (const [a, b] of transformPairs.theirs) sink += otjs.TextOperation.transform(a, b)[0].ops.length;
          }
          return sink;
        },
      },
      { callsPerRound: calls, ...OPTIONS },
    );
    const composeRates = compareThroughput(
      {
        ours: () => {
          let sink = 0;
          for (let r = 0; r < workload.repeat; r++) {
            for (const [a, b] of composePairs.ours) {
              const result = a.compose(b);
              if (result.ok) sink += result.value.ops.length;
            }
          }
          return sink;
        },
        'ot.js': () => {
          let sink = 0;
          for (let r = 0; r < workload.repeat; r++) {
            for (const [a, b] of composePairs.theirs) sink += a.compose(b).ops.length;
          }
          return sink;
        },
      },
      { callsPerRound: calls, ...OPTIONS },
    );
    for (const [operation, rates] of [
      ['transform', transformRates],
      ['compose', composeRates],
    ] as const) {
      const ratio = rates.ours / rates['ot.js'];
      worst = Math.min(worst, ratio);
      rows.push([operation, workload.name, formatRate(rates.ours), formatRate(rates['ot.js']), formatRatio(ratio)]);
    }
  });
  printTable(['operation', 'workload', 'ours ops/s', 'ot.js ops/s', 'ours/ot.js'], rows, 2);
  console.log(`lowest ratio ${formatRatio(worst)} (target >= 1.00x): ${worst >= 1 ? 'met' : 'MISSED'}`);
}
