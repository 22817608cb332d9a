// `node scripts/cpu-profile-top.mjs <file.cpuprofile> [N] [windows.json]`: a V8 CPU profile (node
// --cpu-prof, e.g. from BENCH_CPU_PROF=<dir> npm run bench:api) summarised as the N (default 25)
// functions with the most self time, each with its share of the sampled time, and the same summed
// by package (node_modules/<name>, node: internals, or our own code). With the windows file that
// bench:api writes beside the profiles, one summary per measured run of that process (its samples
// between the run's start and end), so start-up and the other endpoints stay out.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [file, n = '25', windowsFile] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [N] [windows.json]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const idle = new Set(['(idle)', '(program)', '(garbage collector)']);

function packageOf(url) {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node:';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return m ? m[1] : 'ours';
}

/** Self time per profile node for the samples taken in [fromUs, toUs). */
function selfTimes(fromUs, toUs) {
  const selfUs = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (t >= fromUs && t < toUs) {
      const id = profile.samples[i];
      selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
    }
  }
  return selfUs;
}

function summarise(title, selfUs) {
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const busy = [...selfUs]
    .filter(([id]) => byId.get(id).callFrame.functionName !== '(idle)')
    .reduce((a, [, us]) => a + us, 0);
  const byFunction = new Map();
  const byPackage = new Map();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    const where = callFrame.url
      ? `${callFrame.url.replace(/^.*\/(apps|packages|node_modules)\//, '$1/')}:${callFrame.lineNumber + 1}`
      : '';
    const key = idle.has(name) ? name : `${name} ${where}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const pkg = idle.has(name) ? name : packageOf(callFrame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  // Shares of the busy (non-idle) time: what a request's CPU is made of.
  const pct = (us) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
  console.log(`\n== ${title}: ${(total / 1e6).toFixed(2)} s sampled, ${(busy / 1e6).toFixed(2)} s busy`);
  console.log('self time by function (share of busy time):');
  for (const [key, us] of [...byFunction]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(n))) {
    console.log(`${pct(us)}  ${key}`);
  }
  console.log('self time by package:');
  for (const [key, us] of [...byPackage]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)) {
    console.log(`${pct(us)}  ${key}`);
  }
}

if (windowsFile) {
  // Node names the file CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile.
  const pid = Number(path.basename(file).split('.')[3]);
  for (const w of JSON.parse(readFileSync(windowsFile, 'utf8'))) {
    if (w.pids.includes(pid)) {
      summarise(`${w.db} ${w.endpoint}`, selfTimes(w.fromUs, w.toUs));
    }
  }
} else {
  summarise(file, selfTimes(-Infinity, Infinity));
}
