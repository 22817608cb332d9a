// Compares two test runs' V8 coverage (NODE_V8_COVERAGE directories) of the same source tree:
// which source positions the first run executed and the second did not. It answers "did making
// this test cheaper uncover anything?" without a coverage package (docs/testing.md, "Coverage
// before and after a cut"):
//   node scripts/coverage-diff.mjs <before-dir> <after-dir> [path-substring] [--dump <dir>]
// (default substring: /apps/server/src/). Test files are left out. Positions are offsets in the
// code V8 ran (Vitest's transform of each file, inside vite-node's wrapper), the same in both runs
// for an unchanged source. With --dump and the directory a run wrote with VITE_NODE_DEBUG_DUMP=1
// (.vite-node/dump), each lost span is shown as the source line it came from. Exit code 1 when the second run lost
// any position.
import { readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';

const args = process.argv.slice(2);
const dumpAt = args.indexOf('--dump');
const dumpDir = dumpAt >= 0 ? args.splice(dumpAt, 2)[1] : undefined;
const [beforeDir, afterDir, filter = '/apps/server/src/'] = args;
if (!beforeDir || !afterDir) {
  console.error('usage: node scripts/coverage-diff.mjs <before-dir> <after-dir> [path-substring] [--dump <dir>]');
  process.exit(2);
}

/** Vitest's transformed code of each file, by its id (the path from the project root), from a VITE_NODE_DEBUG_DUMP directory. */
function dumpedModules(dir) {
  const byPath = new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const newline = text.indexOf('\n');
    byPath.set(text.slice(3, newline), text.slice(newline + 1));
  }
  return byPath;
}

/** The source lines (1-based) the spans of the executed script came from, through the inline map. */
function sourceLines(code, scriptLength, spans) {
  // vite-node runs `<wrapper>{{` + code + `\n}}`: the wrapper's length is what the script has more.
  const shift = scriptLength - code.length - 3;
  const match = /\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,(\S+)\s*$/.exec(code);
  const map = match ? new SourceMap(JSON.parse(Buffer.from(match[1], 'base64').toString('utf8'))) : null;
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lines = new Set();
  // Spans come in ascending order, so the line only moves forward.
  let line = 0;
  for (const [start, end] of spans) {
    for (let offset = start - shift; offset < end - shift; offset++) {
      while (line + 1 < lineStarts.length && lineStarts[line + 1] <= offset) line++;
      const entry = map?.findEntry(line, offset - lineStarts[line]);
      if (entry && 'originalLine' in entry) lines.add(entry.originalLine + 1);
    }
  }
  return [...lines].sort((a, b) => a - b);
}

/**
 * Per script URL, the [start, end) spans that ran at least once, merged over every process of the
 * run. V8 nests block ranges inside their function's range: the innermost range holding an
 * offset gives its count, so ranges are painted from the longest to the shortest.
 */
const lengths = new Map();
function executedSpans(dir) {
  const byUrl = new Map();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    let result;
    try {
      ({ result } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    } catch {
      // A process killed while Node wrote its own copy at exit; its v8.takeCoverage() copy is whole.
      console.warn(`skipped ${file}: not whole JSON`);
      continue;
    }
    for (const script of result) {
      if (!script.url.includes(filter) || /\.test\.[cm]?[jt]sx?$/.test(script.url.split('?')[0])) {
        continue;
      }
      const ranges = script.functions.flatMap((f) => f.ranges);
      const length = Math.max(0, ...ranges.map((r) => r.endOffset));
      const counts = new Int8Array(length);
      ranges.sort((a, b) => b.endOffset - b.startOffset - (a.endOffset - a.startOffset));
      for (const r of ranges) {
        counts.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
      }
      const url = script.url.split('?')[0];
      lengths.set(url, length);
      const seen = byUrl.get(url);
      if (!seen || seen.length < counts.length) {
        if (seen) {
          for (let i = 0; i < seen.length; i++) counts[i] |= seen[i];
        }
        byUrl.set(url, counts);
      } else {
        for (let i = 0; i < counts.length; i++) seen[i] |= counts[i];
      }
    }
  }
  return byUrl;
}

const dumps = dumpDir ? dumpedModules(dumpDir) : undefined;
const before = executedSpans(beforeDir);
const after = executedSpans(afterDir);
let lostFiles = 0;
let lostPositions = 0;
let executedBefore = 0;
for (const [url, ran] of before) {
  const now = after.get(url);
  const lost = [];
  for (let i = 0; i < ran.length; i++) {
    if (ran[i]) {
      executedBefore++;
      if (!now || !now[i]) lost.push(i);
    }
  }
  if (lost.length === 0) continue;
  lostFiles++;
  lostPositions += lost.length;
  const file = url.replace(/^file:\/\//, '');
  console.log(
    `${path.relative(process.cwd(), file)}: ${lost.length} positions ran before and not after${now ? '' : ' (the file never ran after)'}`,
  );
  // The lost positions as spans; without the dump, the first few as offsets in Vitest's transform.
  const spans = [];
  for (const i of lost) {
    const last = spans.at(-1);
    if (last && last[1] === i) last[1] = i + 1;
    else spans.push([i, i + 1]);
  }
  const code = dumps && [...dumps].find(([id]) => file.endsWith(id))?.[1];
  if (code) {
    console.log(`  source lines: ${sourceLines(code, lengths.get(url), spans).join(', ')}`);
  } else {
    console.log(
      `  spans: ${spans
        .slice(0, 8)
        .map(([a, b]) => `${a}-${b}`)
        .join(', ')}${spans.length > 8 ? ', …' : ''}`,
    );
  }
}
console.log(
  `${before.size} files ran before, ${after.size} after; ${executedBefore} positions ran before; ` +
    `${lostPositions} of them did not run after, in ${lostFiles} files`,
);
process.exit(lostPositions > 0 ? 1 : 0);
