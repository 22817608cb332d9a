import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Import cycles that pass through a type-only import. `import-x/no-cycle` skips `import type`
 * edges, yet a cycle of types still ties two files into one unit: neither can be read, moved or
 * split without the other. This rule walks every import of a workspace (static, type-only,
 * re-exports and dynamic `import()`), resolved with the workspace's own compiler options (so the
 * web's `@/` alias counts), and reports an import from which the importing file can be reached
 * again. Files outside the importing file's workspace (packages, other apps) end the walk: the
 * workspace boundaries already forbid the imports that could close a cycle through them.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** apps/<name> or packages/<name>: the workspace a file lies in, or null. */
function workspaceOf(file) {
  const [top, name] = path.relative(root, file).split(path.sep);
  return (top === 'apps' || top === 'packages') && name ? path.join(root, top, name) : null;
}

// One lint run sees each file many times, so a file's imports are read once, and again only when
// the file changes (an editor's ESLint server lives across edits).
const importsCache = new Map();
const resolutionCaches = new Map();

/** The files a file imports (every kind of import), inside its own workspace. */
function importsOf(file, options) {
  let mtime;
  let text;
  try {
    mtime = statSync(file).mtimeMs;
    const known = importsCache.get(file);
    if (known !== undefined && known.mtime === mtime) {
      return known.found;
    }
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const workspace = workspaceOf(file);
  let cache = resolutionCaches.get(workspace);
  if (cache === undefined) {
    cache = ts.createModuleResolutionCache(workspace ?? root, (name) => name, options);
    resolutionCaches.set(workspace, cache);
  }
  const found = [];
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys, cache).resolvedModule;
    if (resolved === undefined || resolved.isExternalLibraryImport) {
      continue;
    }
    const target = path.resolve(resolved.resolvedFileName);
    if (workspace !== null && target.startsWith(workspace + path.sep) && !target.endsWith('.d.ts')) {
      found.push({ specifier: fileName, target });
    }
  }
  importsCache.set(file, { mtime, found });
  return found;
}

/** A path of files from `start` back to `goal`, or null; breadth-first, so the shortest one. */
function pathBack(start, goal, options) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const { target } of importsOf(file, options)) {
      if (target === goal) {
        const trail = [file];
        for (let at = previous.get(file); at !== null; at = previous.get(at)) {
          trail.unshift(at);
        }
        return trail;
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle, type-only imports included.' },
    schema: [],
    messages: {
      cycle: 'Import cycle (type-only imports count): {{trail}}. Move the shared types into a file both can import.',
    },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    const program = context.sourceCode.parserServices?.program;
    if (program === undefined || program === null || workspaceOf(file) === null) {
      return {};
    }
    const options = program.getCompilerOptions();
    // One walk from the file first: when it never comes back to itself, none of its imports
    // closes a cycle, which is the case for nearly every file.
    if (pathBack(file, file, options) === null) {
      return {};
    }
    const check = (node, source) => {
      const resolved = ts.resolveModuleName(source, file, options, ts.sys).resolvedModule;
      if (resolved === undefined || resolved.isExternalLibraryImport) {
        return;
      }
      const target = path.resolve(resolved.resolvedFileName);
      if (target === file || workspaceOf(target) !== workspaceOf(file)) {
        return;
      }
      const trail = pathBack(target, file, options);
      if (trail !== null) {
        const names = [file, ...trail, file].map((f) => path.relative(root, f));
        context.report({ node, messageId: 'cycle', data: { trail: names.join(' -> ') } });
      }
    };
    const literal = (node) =>
      node.source?.type === 'Literal' && typeof node.source.value === 'string' ? node.source.value : null;
    const visit = (node) => {
      const source = literal(node);
      if (source !== null) {
        check(node, source);
      }
    };
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression: visit,
    };
  },
};

export const importCyclesPlugin = { rules: { 'no-cycle': noCycle } };
