import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Screens act on lifecycle states through the machine (`accepts`, `isInState`, `matches`,
 * `paletteOf`, the lifecycle words), never by comparing a state to a string: a nested or parallel
 * state (`under_review.overdue`, `frozen.on,disabled.off,…`) would silently miss such a check.
 * Parses every source file under src/ and reports
 * - `x.state === 'passed'` (or `!==`, `==`, `!=`, either side) for anything named `state` or
 *   `…State` (a variable, a property, an element, or a call such as `topStateOf(x)`),
 * - `switch (x.state)`,
 * - `x.state.startsWith('…')` / `endsWith` / `includes`, and `['a', 'b'].includes(x.state)`.
 */
const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const STATE_NAME = /(?:^|[a-z])state$|^state/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Whether an expression reads a lifecycle state: by its name, or through a variable of the file
 * that was set from one (`const top = topStateOf(status.state)`).
 */
function isStateLike(node: ts.Expression, derived: ReadonlySet<string> = new Set()): boolean {
  let expression = node;
  while (
    ts.isParenthesizedExpression(expression) ||
    ts.isNonNullExpression(expression) ||
    ts.isAsExpression(expression)
  )
    expression = expression.expression;
  if (ts.isIdentifier(expression))
    return STATE_NAME.test(expression.text) || derived.has(expression.text);
  if (ts.isPropertyAccessExpression(expression)) {
    // The DOM's `readyState` (document, WebSocket, XMLHttpRequest) is the page's, not a lifecycle.
    const name = expression.name.text;
    return STATE_NAME.test(name) && name !== 'readyState';
  }
  if (ts.isElementAccessExpression(expression)) {
    const key = expression.argumentExpression;
    return ts.isStringLiteralLike(key) && STATE_NAME.test(key.text);
  }
  if (ts.isCallExpression(expression)) {
    const callee = expression.expression;
    const name = ts.isIdentifier(callee)
      ? callee.text
      : ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : '';
    // topStateOf(x), stateOf(x): a state computed from another.
    return /state/i.test(name) && !/^(?:use|set|is|has)/.test(name);
  }
  return false;
}

const isText = (node: ts.Expression) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** Every state-string comparison in one file, as `file:line: code`. */
function stateComparisons(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  // Variables holding a state under another name.
  const derived = new Set<string>();
  const collect = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      isStateLike(node.initializer, derived)
    )
      derived.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  collect(file);
  const stateLike = (node: ts.Expression) => isStateLike(node, derived);
  const report = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${fileName}:${line + 1}: ${node.getText(file).replace(/\s+/g, ' ')}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const { left, right } = node;
      if ((isText(right) && stateLike(left)) || (isText(left) && stateLike(right))) report(node);
    }
    if (ts.isSwitchStatement(node) && stateLike(node.expression)) report(node.expression);
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression;
      const [argument] = node.arguments;
      if (
        ['startsWith', 'endsWith', 'includes'].includes(method) &&
        argument !== undefined &&
        isText(argument) &&
        stateLike(receiver)
      )
        report(node);
      if (
        method === 'includes' &&
        argument !== undefined &&
        stateLike(argument) &&
        ts.isArrayLiteralExpression(receiver) &&
        receiver.elements.some((e) => isText(e))
      )
        report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('screens never compare a lifecycle state to a string', () => {
  it('catches every form of comparison it names', () => {
    const offending = [
      "if (status.state === 'rejected') x();",
      "const a = 'passed' !== info.kycState;",
      "const b = topStateOf(status.state) == 'passed';",
      "const c = data['state'] != 'x';",
      "switch (item.state) { case 'passed': break; }",
      "const d = detail.accountState.startsWith('frozen.on');",
      "const e = ['unverified', 'rejected'].includes(status.state);",
      'const f = (state as string) === `passed`;',
    ];
    for (const code of offending) {
      expect(stateComparisons('x.tsx', code), code).toHaveLength(1);
    }
  });

  it('leaves alone what is not a state, and the machine’s own questions', () => {
    const fine = [
      "if (isInState(status.state, 'rejected')) x();",
      "const a = load.phase === 'loading';",
      "const b = status.accepts.includes('kyc.submit');",
      "const c = snapshot.matches({ editing: { step: 'details' } });",
      'const d = status.state === other.state;',
      "const [state, setState] = useState('x'); const e = setState === undefined;",
      "const f = actor.kind === 'staff';",
      "const r = isInState(s, 'rejected'); const h = r === 'x';",
      "const g = document.readyState === 'complete';",
    ];
    for (const code of fine) {
      expect(stateComparisons('x.tsx', code), code).toEqual([]);
    }
  });

  it('holds for every source file under src/', () => {
    const offenders = sourceFiles(SRC).flatMap((path) =>
      stateComparisons(relative(ROOT, path), readFileSync(path, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
