// The checkouts a benchmark measures side by side: this one, last, and each BENCH_BASELINE
// directory (another checkout with its node_modules, e.g. a git worktree of main).
import path from 'node:path';
import { repoRoot } from '../e2e/support/server';

export interface Tree {
  label: string;
  root: string;
}

export const BASELINES = (process.env.BENCH_BASELINE ?? '').split(',').filter((dir) => dir !== '');

export const TREES: Tree[] = [
  // One baseline is "baseline"; several are told apart by their directory's name.
  ...BASELINES.map((dir) => ({
    label: BASELINES.length === 1 ? 'baseline' : `baseline ${path.basename(dir)}`,
    root: path.resolve(dir),
  })),
  { label: 'this', root: repoRoot },
];
