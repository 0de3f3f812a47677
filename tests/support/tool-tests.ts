/**
 * Finds each tool's own tests in the test sources, for the meta-test of the tool list (src/tools/index.test.ts).
 *
 * A tool's own test is a `describe`, `it` or `test` block whose title names the tool (its model-facing name
 * as a whole word) and whose code exercises the real tool, in one of two ways:
 * - a call of it by name: an object literal `{ name: 'click', input: … }` (a tool_use block for the
 *   executor, a call the scripted model makes, a call for the tool runner), in a file that has the real
 *   tool: it drives the built extension (tests/e2e/), or it imports the one list (src/tools/index.ts) or
 *   the tool's own module;
 * - its export, imported from its own module, called (`click.call(…)`) or handed to a function
 *   (`call(click, …)`, `executeWith(click, …)`), but not to `expect(…)`.
 * A title alone, a list of names, a fake tool that borrows the name, a skipped test or a `describe` with
 * no test in it does not count.
 */
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import type { ToolSpec } from './tool-files.js';

/** A block that is a tool's own test. */
export interface OwnTest {
  tool: string;
  file: string;
  /** The titles from the outermost `describe` down to the block, joined by ' › '. */
  title: string;
}

const LIST_FILE = 'src/tools/index.ts';
const BLOCKS = new Set(['describe', 'it', 'test']);
const TESTS = new Set(['it', 'test']);
// Modifiers that still run the block; skip, todo, fails, skipIf and runIf do not count as a test of anything.
const RUNNING_MODIFIERS = new Set(['concurrent', 'sequential', 'only', 'each', 'for']);

interface Block {
  kind: string;
  title: string;
  body: ts.Node;
}

/** The block a call opens (`describe('x', () => …)`, `it.each(rows)('x %s', …)`), or undefined. */
function blockOf(call: ts.CallExpression): Block | undefined {
  let callee: ts.Expression = call.expression;
  // it.each(rows)('title', fn): the block is the outer call, its head is the inner one's callee.
  if (ts.isCallExpression(callee)) callee = callee.expression;
  const modifiers: string[] = [];
  while (ts.isPropertyAccessExpression(callee)) {
    modifiers.push(callee.name.text);
    callee = callee.expression;
  }
  if (!ts.isIdentifier(callee) || !BLOCKS.has(callee.text) || !modifiers.every((m) => RUNNING_MODIFIERS.has(m))) return undefined;
  // `it.each(rows)` alone is the inner call: it opens nothing until called with a title.
  if (modifiers.includes('each') || modifiers.includes('for')) {
    if (!ts.isCallExpression(call.expression)) return undefined;
  }
  const [first] = call.arguments;
  const body = [...call.arguments].reverse().find((arg) => ts.isArrowFunction(arg) || ts.isFunctionExpression(arg));
  if (!first || !body || !(ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) return undefined;
  return { kind: callee.text, title: first.text, body };
}

/** Whether a node is, or contains, a running `it`/`test`. */
function containsTest(node: ts.Node): boolean {
  let found = false;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(n) && TESTS.has(blockOf(n)?.kind ?? '')) found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** The leftmost expression of a callee chain (`expect(x).not.toBe` → `expect`). */
function rootOf(expression: ts.Expression): ts.Expression {
  let node = expression;
  for (;;) {
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) node = node.expression;
    else if (ts.isCallExpression(node)) node = node.expression;
    else if (ts.isParenthesizedExpression(node) || ts.isAwaitExpression(node) || ts.isNonNullExpression(node)) node = node.expression;
    else return node;
  }
}

const propertyName = (property: ts.ObjectLiteralElementLike): string | undefined =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;

/** The tool named by a call literal `{ name: 'x', input … }`, or undefined. */
function calledByName(node: ts.ObjectLiteralExpression): string | undefined {
  const name = node.properties.find((p) => propertyName(p) === 'name');
  const hasInput = node.properties.some((p) => propertyName(p) === 'input');
  if (!hasInput || !name || !ts.isPropertyAssignment(name)) return undefined;
  const value = name.initializer;
  return ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) ? value.text : undefined;
}

/** Whether this use of a tool's binding runs it: `tool.call(…)`, or `fn(tool, …)` for any `fn` but `expect`. */
function runsBinding(use: ts.Identifier): boolean {
  const parent = use.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === use && parent.name.text === 'call') {
    return ts.isCallExpression(parent.parent) && parent.parent.expression === parent;
  }
  if (ts.isCallExpression(parent) && parent.arguments.includes(use)) {
    const root = rootOf(parent.expression);
    return !(ts.isIdentifier(root) && root.text === 'expect');
  }
  return false;
}

/** Repository-relative path of a relative import from `file` (`./click.js` → `src/tools/page/click.ts`). */
function resolveImport(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return normalize(join(dirname(file), specifier)).replace(/\.js$/, '.ts');
}

/** The tools' own tests in one test file. `file` is relative to the repository root. */
export function findOwnTests(file: string, source: string, tools: readonly ToolSpec[]): OwnTest[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const imported = new Set<string>();
  // local binding → tool name, for exports imported from a tool's own module
  const bindings = new Map<string, string>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    const target = resolveImport(file, statement.moduleSpecifier.text);
    if (!target) continue;
    imported.add(target);
    const named = clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
    for (const element of named) {
      if (element.isTypeOnly) continue;
      const exported = (element.propertyName ?? element.name).text;
      const tool = tools.find((t) => t.file === target && t.exportName === exported);
      if (tool) bindings.set(element.name.text, tool.name);
    }
  }
  const drivesExtension = file.startsWith(join('tests', 'e2e') + '/');
  const hasRealTool = (tool: ToolSpec) => drivesExtension || imported.has(LIST_FILE) || imported.has(tool.file);

  // Functions of this file by name, so a block that runs a tool through a helper of its file counts.
  const helpers = new Map<string, ts.Node>();
  const collect = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) helpers.set(node.name.text, node.body);
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)) helpers.set(node.name.text, node.initializer.body);
    }
    ts.forEachChild(node, collect);
  };
  collect(sourceFile);

  /** The tools a block's code exercises, itself or through the helpers of its file it calls. */
  const exercised = (body: ts.Node): Set<string> => {
    const names = new Set<string>();
    const followed = new Set<ts.Node>();
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const helper = helpers.get(node.expression.text);
        if (helper && !followed.has(helper)) {
          followed.add(helper);
          visit(helper);
        }
      }
      if (ts.isObjectLiteralExpression(node)) {
        const name = calledByName(node);
        const tool = name === undefined ? undefined : tools.find((t) => t.name === name);
        if (tool && hasRealTool(tool)) names.add(tool.name);
      } else if (ts.isIdentifier(node) && bindings.has(node.text) && runsBinding(node)) {
        names.add(bindings.get(node.text)!);
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    return names;
  };

  const found: OwnTest[] = [];
  const walk = (node: ts.Node, titles: string[]) => {
    if (ts.isCallExpression(node)) {
      const block = blockOf(node);
      if (block) {
        const chain = [...titles, block.title];
        if (block.kind === 'describe' ? containsTest(block.body) : true) {
          const runs = exercised(block.body);
          for (const tool of tools) {
            if (runs.has(tool.name) && namesTool(block.title, tool.name)) found.push({ tool: tool.name, file, title: chain.join(' › ') });
          }
        }
        ts.forEachChild(block.body, (child) => walk(child, chain));
        return;
      }
    }
    ts.forEachChild(node, (child) => walk(child, titles));
  };
  walk(sourceFile, []);
  return found;
}

/** Whether a title names the tool as a whole word (`read_page`, not `read_pages` or `unread_page`). */
export function namesTool(title: string, tool: string): boolean {
  return new RegExp(`(?<![A-Za-z0-9_])${tool}(?![A-Za-z0-9_])`).test(title);
}
