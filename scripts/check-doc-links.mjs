// `npm run lint` (and so `npm run check` and CI): the repository's comments and documents point
// only inside the repository. Two checks over every tracked text file:
//   - no mention of the documents the product was first specified in, which are not in the
//     repository (the rules they held live under docs/, in the project's own words);
//   - every `docs/NAME.md#anchor` (and `NAME.md#anchor` inside docs/) names a file that exists and
//     a heading in it (GitHub's anchor rule: lowercase, punctuation dropped, spaces to hyphens).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|c|sh|ya?ml)$/;
const OUTSIDE = /\bseed-spec\b|\bAPI\.md\b|\bDESIGN\.md\b|\bSTYLE\.md\b/;
const LINK = /(?:\bdocs\/|(?<=\]\()|(?<=\s))([a-z0-9-]+\.md)#([a-z0-9-]+)/g;

const anchorCache = new Map();

/** The heading anchors of a repository file, read once. */
function anchorsOf(file) {
  const known = anchorCache.get(file);
  if (known !== undefined) {
    return known;
  }
  const anchors = new Set();
  for (const line of readFileSync(path.join(root, file), 'utf8').split('\n')) {
    const m = /^#{1,6}\s+(.*)$/.exec(line);
    if (m) {
      const slug = m[1]
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .replace(/\s/g, '-');
      anchors.add(slug);
    }
  }
  anchorCache.set(file, anchors);
  return anchors;
}

/** The tracked files; outside a git checkout (an unpacked archive), every file but dependencies and builds. */
function listFiles() {
  try {
    return execFileSync('git', ['ls-files'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).split('\n');
  } catch {
    return walk('');
  }
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results']);

/** The files under `dir` (relative to the root, "/"-separated), not entering skipped directories. */
function walk(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      return SKIPPED_DIRS.has(entry.name) ? [] : walk(rel);
    }
    return entry.isFile() ? [rel] : [];
  });
}

const files = listFiles().filter(
  (f) => TEXT.test(f) && f !== 'scripts/check-doc-links.mjs' && existsSync(path.join(root, f)),
);
const problems = [];
for (const file of files) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    if (OUTSIDE.test(line)) {
      problems.push(`${where}: points to a document outside the repository: ${line.trim()}`);
    }
    for (const [, name, anchor] of line.matchAll(LINK)) {
      // docs/NAME.md, or a top-level NAME.md (README, ARCHITECTURE).
      const target = [path.join('docs', name), name].find((f) => existsSync(path.join(root, f)));
      if (target === undefined) {
        problems.push(`${where}: ${name} does not exist`);
      } else if (!anchorsOf(target).has(anchor)) {
        problems.push(`${where}: ${target} has no heading #${anchor}`);
      }
    }
  });
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} reference(s) point outside the repository or to a missing heading.`);
  process.exit(1);
}
console.log(`doc links: ${files.length} files checked, every docs/…#anchor found`);
