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
 *
 * With `{ typeImports: false }` only imports that load code count (`import type`, `export type` and
 * imports of type-only names are left out): the value-cycle check, for a workspace whose types
 * still tie files together. It replaces `import-x/no-cycle`, which parses every imported file
 * again for its export map.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** apps/<name> or packages/<name>: the workspace a file lies in, or null. */
function workspaceOf(file) {
  const [top, name] = path.relative(root, file).split(path.sep);
  return (top === 'apps' || top === 'packages') && name ? path.join(root, top, name) : null;
}

// One lint run sees each file many times, so a file's imports are read once, and again only when
// the file changes (an editor's ESLint server lives across edits). A file is checked for changes
// at most once a second: a walk from each of a thousand files would otherwise stat every file it
// reaches each time, and an edit is followed by a lint later than that.
const importsCache = new Map();
const resolutionCaches = new Map();
const FRESH_MS = 1000;

/** The specifiers a file imports only as types (every import and re-export of it is type-only). */
function typeOnlySpecifiers(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const typeOnly = new Set();
  const loaded = new Set();
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) {
      continue;
    }
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier)) {
      continue;
    }
    let types;
    if (isImport) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      types =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((element) => element.isTypeOnly)));
    } else {
      const clause = statement.exportClause;
      types =
        statement.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((element) => element.isTypeOnly));
    }
    (types ? typeOnly : loaded).add(specifier.text);
  }
  for (const name of typeOnly) {
    // A dynamic import() loads the module, whatever the static imports of it say.
    if (loaded.has(name) || text.includes(`import('${name}')`) || text.includes(`import("${name}")`)) {
      typeOnly.delete(name);
    }
  }
  return typeOnly;
}

/** The files a file imports (every kind of import), inside its own workspace. */
function importsOf(file, options) {
  let mtime;
  let text;
  const known = importsCache.get(file);
  const now = Date.now();
  if (known !== undefined && now - known.checked < FRESH_MS) {
    return known.found;
  }
  try {
    mtime = statSync(file).mtimeMs;
    if (known !== undefined && known.mtime === mtime) {
      known.checked = now;
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
  importsCache.set(file, { mtime, found, checked: now, loads: null });
  return found;
}

/** The files a file imports to load code (type-only imports left out), inside its own workspace. */
function valueImportsOf(file, options) {
  const found = importsOf(file, options);
  const known = importsCache.get(file);
  if (known === undefined) {
    return found;
  }
  if (known.loads === null) {
    // Parsed only when a value walk reaches the file (the gateway's), once per change of it.
    let typeOnly;
    try {
      typeOnly = typeOnlySpecifiers(file, readFileSync(file, 'utf8'));
    } catch {
      return found;
    }
    known.loads = found.filter(({ specifier }) => !typeOnly.has(specifier));
  }
  return known.loads;
}

/**
 * A path of files from `start` back to `goal`, or null; breadth-first, so the shortest one.
 * `types`: whether type-only imports count as edges.
 */
function pathBack(start, goal, options, types) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  for (let next = 0; next < queue.length; next++) {
    const file = queue[next];
    for (const { target } of types ? importsOf(file, options) : valueImportsOf(file, options)) {
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
    schema: [
      {
        type: 'object',
        properties: { typeImports: { type: 'boolean' } },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Import cycle (type-only imports count): {{trail}}. Move the shared types into a file both can import.',
      valueCycle: 'Import cycle: {{trail}}. Move the shared code into a file both can import.',
    },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    const program = context.sourceCode.parserServices?.program;
    if (program === undefined || program === null || workspaceOf(file) === null) {
      return {};
    }
    const options = program.getCompilerOptions();
    const types = context.options[0]?.typeImports !== false;
    // One walk from the file first: when it never comes back to itself, none of its imports
    // closes a cycle, which is the case for nearly every file.
    if (pathBack(file, file, options, types) === null) {
      return {};
    }
    const typeOnly = types ? new Set() : typeOnlySpecifiers(file, context.sourceCode.text);
    const check = (node, source) => {
      if (typeOnly.has(source)) {
        return;
      }
      const resolved = ts.resolveModuleName(source, file, options, ts.sys).resolvedModule;
      if (resolved === undefined || resolved.isExternalLibraryImport) {
        return;
      }
      const target = path.resolve(resolved.resolvedFileName);
      if (target === file || workspaceOf(target) !== workspaceOf(file)) {
        return;
      }
      const trail = pathBack(target, file, options, types);
      if (trail !== null) {
        const names = [file, ...trail, file].map((f) => path.relative(root, f));
        context.report({ node, messageId: types ? 'cycle' : 'valueCycle', data: { trail: names.join(' -> ') } });
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
