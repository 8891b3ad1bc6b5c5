/**
 * Where a mutant sits, by what the code says rather than by line and column: the function around
 * it and the text it replaces. Equivalents keyed this way (scripts/mutation/equivalents.ts) stay
 * on their code when lines move, and stop matching, visibly, when that code changes.
 */
import ts from "typescript";

/** A place in a file as Stryker's report gives it: line and column, both counted from 1. */
export interface Position {
  line: number;
  column: number;
}

/** A mutant's span in a file. */
export interface Span {
  start: Position;
  end: Position;
}

const parsed = new Map<string, ts.SourceFile>();

function sourceFileOf(source: string): ts.SourceFile {
  let file = parsed.get(source);
  if (!file) {
    file = ts.createSourceFile("mutated.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    parsed.set(source, file);
  }
  return file;
}

/** The offset in `source` of a report position. */
function offsetOf(file: ts.SourceFile, position: Position): number {
  return file.getPositionOfLineAndCharacter(position.line - 1, position.column - 1);
}

/** `text` on one line (runs of white space as one space), at most `max` characters. */
function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 3)}...` : flat;
}

/** The name a declaration gives what it holds, when it has one a reader would look for. */
function declaredName(node: ts.Node): string | undefined {
  if (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isGetAccessor(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isPropertyDeclaration(node)
  ) {
    return node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) ? node.name.text : undefined;
  }
  return undefined;
}

/**
 * The name of the function a mutant sits in: the innermost function with a name of its own or
 * given by what holds it (`markDamageDeletion: assign(({ context }) => …)` is markDamageDeletion);
 * an unnamed callback counts as part of the function around it. Outside any function, the
 * declaration around it (a module constant, a machine's config); "(module)" for none.
 */
export function enclosingName(source: string, start: Position): string {
  const file = sourceFileOf(source);
  const offset = offsetOf(file, start);
  let innermost: ts.Node = file;
  const visit = (node: ts.Node): void => {
    if (node.getStart(file) <= offset && offset < node.getEnd()) {
      innermost = node;
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(file, visit);
  // The innermost function passed so far: a declaration names it when it holds that function
  // itself, or a plain call of it (`assign(fn)`), not a method call (`list.map(fn)`), whose
  // callback belongs to the function around it.
  let lastFunction: ts.Node | undefined;
  // Outside any function: the module-level declaration the code belongs to.
  let declaration: string | undefined;
  for (let node: ts.Node | undefined = innermost; node; node = node.parent) {
    if (ts.isFunctionLike(node)) {
      const own = ts.isArrowFunction(node) || ts.isFunctionExpression(node) ? undefined : declaredName(node);
      if (own) return own;
      lastFunction = node;
    } else if (lastFunction) {
      // A constructor (or any unnamed member) belongs to its class.
      if (ts.isClassDeclaration(node) && node.name) return node.name.text;
      const held =
        ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)
          ? node.initializer
          : undefined;
      const holdsIt =
        held === lastFunction ||
        (held !== undefined &&
          ts.isCallExpression(held) &&
          ts.isIdentifier(held.expression) &&
          held.arguments.some((argument) => argument === lastFunction));
      if (holdsIt) return declaredName(node)!;
    } else if (ts.isVariableDeclaration(node) || ts.isClassDeclaration(node)) {
      declaration ??= declaredName(node);
    }
  }
  return declaration ?? "(module)";
}

/** The code a mutant replaces, as it stands in `source`. */
function originalText(source: string, span: Span): string {
  const file = sourceFileOf(source);
  return source.slice(offsetOf(file, span.start), offsetOf(file, span.end));
}

/**
 * The key of a mutant: "<file> <function>: <mutator> <original> -> <replacement>", the texts on
 * one line and cut short. The replacement is in it because several mutants often replace the same
 * code (each link of `a?.b?.c`, each of a regex's mutants): a reason for one must not excuse another.
 */
export function placeKey(
  path: string,
  source: string,
  mutant: { mutatorName: string; replacement?: string; location: Span },
): string {
  const original = oneLine(originalText(source, mutant.location), 80);
  return `${path} ${enclosingName(source, mutant.location.start)}: ${mutant.mutatorName} ${original} -> ${oneLine(mutant.replacement ?? "", 80)}`;
}

/**
 * The keys of a file's mutants (placeKey), by mutant. Two mutants that make the same change to the
 * same code in one function (the two `""` of `a ? "" : ""`) are told apart by their order there:
 * " #1", " #2".
 */
export function placeKeys<M extends { mutatorName: string; replacement?: string; location: Span }>(
  path: string,
  source: string,
  mutants: readonly M[],
): Map<M, string> {
  const byKey = new Map<string, M[]>();
  for (const mutant of mutants) {
    const key = placeKey(path, source, mutant);
    byKey.set(key, [...(byKey.get(key) ?? []), mutant]);
  }
  const keys = new Map<M, string>();
  for (const [key, same] of byKey) {
    const inOrder = [...same].sort(
      (a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column,
    );
    inOrder.forEach((mutant, index) => keys.set(mutant, same.length === 1 ? key : `${key} #${index + 1}`));
  }
  return keys;
}

/** A key's parts; undefined for text that is no key. */
export function keyParts(
  key: string,
): { path: string; name: string; mutatorName: string; original: string } | undefined {
  const match = /^(\S+) (\S+): (\S+) (.*) -> .*$/.exec(key);
  return match ? { path: match[1]!, name: match[2]!, mutatorName: match[3]!, original: match[4]! } : undefined;
}

/**
 * Whether `source` still holds the code a key names: a function (or declaration) of that name
 * whose text, on one line, contains the mutant's original text (its cut-short start, when cut).
 * The mutation run itself tells whether the mutant still survives; this tells, on every test
 * run, that the reason still sits on the code it was written for.
 */
export function keyStillFits(source: string, name: string, original: string): boolean {
  const file = sourceFileOf(source);
  const wanted = original.endsWith("...") ? original.slice(0, -3) : original;
  let fits = false;
  const visit = (node: ts.Node): void => {
    if (fits) return;
    const holder = ts.isFunctionLike(node) ? (declaredName(node) ?? declaredName(node.parent)) : declaredName(node);
    if (holder === name && oneLine(node.getText(file), Number.MAX_SAFE_INTEGER).includes(wanted)) fits = true;
    else ts.forEachChild(node, visit);
  };
  visit(file);
  return fits || (name === "(module)" && oneLine(source, Number.MAX_SAFE_INTEGER).includes(wanted));
}
