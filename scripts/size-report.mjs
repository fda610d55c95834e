// `node scripts/size-report.mjs [--json] [PATH…]`: source files over 300 lines and functions over 60
// lines (docs/architecture.md#names) that do not say why beside them. A file says why with a
// comment line starting `size:` among its first lines; a function, with a `size:` comment just
// above it (or on its first line). Lists the offenders, longest first; exits 1 when there are
// any, so it can gate a folder once that folder is clean.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 60;

const root = join(import.meta.dirname, '..');
const SOURCES = [
  'src-main',
  'src-shared',
  'src-preload',
  'src-renderer',
  'scripts',
  'bench',
  'test',
];
const SOURCE = /\.(ts|mts|mjs|js|svelte)$/;
/** A reason: `// size: …`, `* size: …` or `<!-- size: … -->`. */
const REASON = /(\/\/|\*|<!--)\s*size:/;

function sourceFiles(paths) {
  const files = [];
  for (const path of paths) {
    for (const entry of readdirSync(join(root, path), { withFileTypes: true, recursive: true })) {
      const file = join(entry.parentPath, entry.name);
      if (entry.isFile() && SOURCE.test(entry.name) && !file.includes('/fixtures/')) {
        files.push(file);
      }
    }
  }
  return files.sort();
}

/** The script of a Svelte component, with the lines before it kept blank (line numbers stay). */
function scriptOf(text, file) {
  if (!file.endsWith('.svelte')) return text;
  const match = /<script[^>]*>([\s\S]*?)<\/script>/.exec(text);
  if (!match) return '';
  const before = text.slice(0, match.index + match[0].indexOf('>') + 1);
  return before.replace(/[^\n]/g, ' ') + match[1];
}

/** A name for a function node, as a reader would look for it. */
function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) {
    return `(callback of ${parent.expression.getText(source).slice(0, 40)})`;
  }
  return '(anonymous)';
}

/** A `describe(…, () => {…})` body: a group of tests, not a function a reader follows. */
function isSuiteBody(node) {
  const call = node.parent;
  return Boolean(
    call && ts.isCallExpression(call) && /^describe\b/.test(call.expression.getText()),
  );
}

/** Functions longer than the limit without a reason above them or on their first line. */
function longFunctions(text, file, lines) {
  const source = ts.createSourceFile(file, scriptOf(text, file), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body && !isSuiteBody(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = end - start + 1;
      const above = lines.slice(Math.max(0, start - 8), start + 1);
      if (length > MAX_FUNCTION_LINES && !above.some((line) => REASON.test(line))) {
        found.push({ kind: 'function', name: nameOf(node, source), line: start + 1, length });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every file and function over its limit that gives no reason, longest first. */
export function sizeReport(paths = SOURCES) {
  const offenders = [];
  for (const file of sourceFiles(paths)) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const path = relative(root, file);
    const length = text.endsWith('\n') ? lines.length - 1 : lines.length;
    if (length > MAX_FILE_LINES && !lines.slice(0, 12).some((line) => REASON.test(line))) {
      offenders.push({ path, kind: 'file', name: null, line: 1, length });
    }
    if (/\.(ts|mts)$|\.svelte$/.test(file) || file.endsWith('.mjs') || file.endsWith('.js')) {
      for (const found of longFunctions(text, file, lines)) offenders.push({ path, ...found });
    }
  }
  return offenders.sort((a, b) => b.length - a.length);
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const paths = args.filter((arg) => arg !== '--json');
  const offenders = sizeReport(paths.length ? paths : SOURCES);
  if (json) console.log(JSON.stringify(offenders, null, 2));
  else {
    for (const o of offenders) {
      const what = o.kind === 'file' ? 'file' : `function ${o.name}`;
      console.log(`${o.path}:${o.line}\t${o.length} lines\t${what}`);
    }
    console.log(
      `${offenders.length} over ${MAX_FILE_LINES} lines (files) or ${MAX_FUNCTION_LINES} (functions) without a size: reason`,
    );
  }
  process.exitCode = offenders.length ? 1 : 0;
}
