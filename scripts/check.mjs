// `npm run check` (and CI): the type check and lint in one process over the same TypeScript programs.
// Each of the type check's programs is built once and fully checked, and ESLint's typed rules then
// ask those programs' checkers (typescript-eslint's `parserOptions.programs`), whose caches the full
// check already filled, instead of the project service building and checking them a second time.
//   node scripts/check.mjs               type check, lint (--max-warnings 0), document links
//   node scripts/check.mjs --typecheck   the type check only (`npm run typecheck`)
// package.json gives it a 128 MB young generation (--max-semi-space-size): building and checking the
// programs allocates fast, and with V8's default the scavenges cost about a fifth of its CPU time.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The type check's programs, as `tsc -p <config> --noEmit` builds them. A file that several hold is
// linted in the first one that has it, so a workspace's own program comes before the ones that
// merely import it.
const CONFIGS = [
  'packages/contract/tsconfig.json',
  'tsconfig.node.json',
  'apps/web/tsconfig.json',
  'e2e/tsconfig.json',
];

const typecheckOnly = process.argv.includes('--typecheck');
process.chdir(root);

const formatHost = {
  getCurrentDirectory: () => root,
  getCanonicalFileName: (fileName) => fileName,
  getNewLine: () => ts.sys.newLine,
};
const pretty = process.stdout.isTTY === true;

/** The program `tsc -p <config> --noEmit` builds, with its diagnostics in tsc's order. */
function checkProgram(config) {
  const configDiagnostics = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, config),
    { noEmit: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => configDiagnostics.push(d) },
  );
  if (parsed === undefined) {
    return { program: undefined, diagnostics: configDiagnostics };
  }
  const host = ts.createCompilerHost(parsed.options);
  // The lint reads JSDoc (the project service parses all of it); tsc's own default skips what
  // type errors do not need, which gives the same diagnostics for TypeScript files.
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseAll;
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    host,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  // tsc's order (emitFilesAndReportErrors): later kinds only when the earlier ones found nothing.
  const diagnostics = [...program.getConfigFileParsingDiagnostics()];
  const configCount = diagnostics.length;
  diagnostics.push(...program.getSyntacticDiagnostics());
  if (diagnostics.length === configCount) {
    diagnostics.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (diagnostics.length === configCount) {
      diagnostics.push(...program.getSemanticDiagnostics());
    }
  }
  return { program, diagnostics: [...ts.sortAndDeduplicateDiagnostics(diagnostics)] };
}

let failed = false;
const programs = [];
for (const config of CONFIGS) {
  const started = performance.now();
  const { program, diagnostics } = checkProgram(config);
  if (program !== undefined) {
    programs.push(program);
  }
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
  if (diagnostics.length > 0) {
    process.stdout.write(
      pretty
        ? ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost)
        : ts.formatDiagnostics(diagnostics, formatHost),
    );
  }
  if (errors > 0) {
    failed = true;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`tsc -p ${config}: ${errors} error(s) (${seconds} s)`);
}

if (!typecheckOnly) {
  const started = performance.now();
  // Every TypeScript file some program holds gets its type information there; the few that none
  // holds (the root's Vitest configs) keep the project service of eslint.config.js.
  const inPrograms = new Set();
  for (const program of programs) {
    for (const sourceFile of program.getSourceFiles()) {
      inPrograms.add(path.resolve(sourceFile.fileName));
    }
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      files: [['**/*.{ts,tsx}', (file) => inPrograms.has(file)]],
      languageOptions: { parserOptions: { programs, projectService: false } },
    },
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const output = await formatter.format(results);
  if (output) {
    process.stdout.write(output);
  }
  const errors = results.reduce((sum, r) => sum + r.errorCount, 0);
  const warnings = results.reduce((sum, r) => sum + r.warningCount, 0);
  if (errors > 0) {
    failed = true;
  } else if (warnings > 0) {
    // `eslint --max-warnings 0`.
    console.log(`ESLint found too many warnings (maximum: 0).`);
    failed = true;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`eslint: ${results.length} file(s), ${errors} error(s), ${warnings} warning(s) (${seconds} s)`);
  const outside = results
    .map((r) => r.filePath)
    .filter((file) => /\.tsx?$/.test(file) && !inPrograms.has(file))
    .map((file) => path.relative(root, file));
  if (outside.length > 0) {
    console.log(`eslint: in no program, typed through the project service: ${outside.join(', ')}`);
  }

  const links = spawnSync(process.execPath, [path.join(root, 'scripts/check-doc-links.mjs')], { stdio: 'inherit' });
  if (links.status !== 0) {
    failed = true;
  }
}

process.exitCode = failed ? 1 : 0;
