import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { DesignProblem } from '../../design.types';

/**
 * Reads untrusted YAML text (a CloudFormation template): the value as the
 * JSON form of the template, or one problem saying where the text stops
 * being YAML (line and column, 1-based) and in which file.
 *
 * CloudFormation's short forms are read as their long forms without being
 * evaluated: `!Ref Env` is `{ "Ref": "Env" }`, `!Sub "${Env}-orders"` is
 * `{ "Fn::Sub": "${Env}-orders" }`, `!GetAtt T.Arn` is `{ "Fn::GetAtt": ["T", "Arn"] }`.
 */
export type YamlTextResult =
  | { readonly ok: true; readonly value: unknown; readonly withPositions: (problems: readonly DesignProblem[]) => DesignProblem[] }
  | { readonly ok: false; readonly errors: readonly DesignProblem[] };

/** Deeper nesting than any template needs; a deeper document is refused, not walked. */
const MAX_DEPTH = 64;

export function parseYamlText(text: string, fileName?: string): YamlTextResult {
  const file = fileName ? `${fileName}: ` : '';
  // uniqueKeys: a key written twice is an error (CloudFormation refuses it too). Aliases are refused below (no alias expansion, no "billion laughs").
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true, lineCounter });
  const error = document.errors[0];
  if (error) {
    const [start] = error.linePos ?? [{ line: 1, col: 1 }];
    const { line, col: column } = start ?? { line: 1, col: 1 };
    return {
      ok: false,
      errors: [
        {
          path: '',
          severity: 'error',
          line,
          column,
          message: `${file}YAML error at line ${line}, column ${column}: ${firstLine(error.message)}. Fix the text there (indentation, a missing closing bracket or quote) and import it again.`,
        },
      ],
    };
  }
  try {
    const value = toJson(document.contents, 0);
    return { ok: true, value, withPositions: (problems) => problems.map((problem) => ({ ...problem, ...positionOf(document, lineCounter, problem.path) })) };
  } catch (thrown) {
    return { ok: false, errors: [{ path: '', severity: 'error', message: `${file}${thrown instanceof Error ? thrown.message : String(thrown)}` }] };
  }
}

/**
 * Where a problem's path (`Resources.Orders.Properties.KeySchema[1].AttributeName`)
 * is in the YAML text: its node, or the nearest enclosing one when the path
 * names something missing; nothing for the whole document.
 */
function positionOf(document: Document, lineCounter: LineCounter, path: string): { line?: number; column?: number } {
  const segments = path.split('.').flatMap((part) => {
    const [name, ...indexes] = part.split('[');
    return [...(name ? [name] : []), ...indexes.map((index) => Number(index.replace(']', '')))];
  });
  for (let length = segments.length; length > 0; length--) {
    const node: unknown = document.getIn(segments.slice(0, length), true);
    if (isNode(node) && node.range) {
      const { line, col } = lineCounter.linePos(node.range[0]);
      return { line, column: col };
    }
  }
  return {};
}

/** The yaml library's message without its own position and code frame (we give line and column ourselves). */
function firstLine(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/ at line \d+, column \d+:?$/, '')
    .replace(/\.$/, '');
}

/** CloudFormation's intrinsic functions written as YAML tags (`!Ref`, `!Sub`, …), by tag. */
const INTRINSIC_TAGS: Readonly<Record<string, string>> = {
  '!Ref': 'Ref',
  '!Condition': 'Condition',
  '!Sub': 'Fn::Sub',
  '!GetAtt': 'Fn::GetAtt',
  '!Join': 'Fn::Join',
  '!Select': 'Fn::Select',
  '!Split': 'Fn::Split',
  '!If': 'Fn::If',
  '!Equals': 'Fn::Equals',
  '!And': 'Fn::And',
  '!Or': 'Fn::Or',
  '!Not': 'Fn::Not',
  '!FindInMap': 'Fn::FindInMap',
  '!ImportValue': 'Fn::ImportValue',
  '!Base64': 'Fn::Base64',
  '!Cidr': 'Fn::Cidr',
  '!GetAZs': 'Fn::GetAZs',
  '!Transform': 'Fn::Transform',
  '!Length': 'Fn::Length',
  '!ToJsonString': 'Fn::ToJsonString',
};

function toJson(node: Node | null | undefined, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new Error(`the YAML is nested more than ${MAX_DEPTH} levels deep; no CloudFormation template needs that.`);
  if (node === null || node === undefined) return null;
  if (isAlias(node)) throw new Error('YAML aliases (*name) are not read in a template: write the value out.');
  let value: unknown;
  if (isScalar(node)) value = node.value;
  else if (isSeq(node)) value = node.items.map((item) => toJson(item as Node, depth + 1));
  else if (isMap(node)) {
    const entries: [string, unknown][] = [];
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : JSON.stringify(toJson(pair.key as Node, depth + 1));
      entries.push([key, toJson(pair.value as Node, depth + 1)]);
    }
    // fromEntries: a key named __proto__ stays a key (an assignment would set the prototype).
    value = Object.fromEntries(entries);
  } else value = null;
  const intrinsic = node.tag ? INTRINSIC_TAGS[node.tag] : undefined;
  if (!intrinsic) return value;
  // !GetAtt Table.Arn is the short form of ["Table", "Arn"].
  if (intrinsic === 'Fn::GetAtt' && typeof value === 'string') {
    const dot = value.indexOf('.');
    return { [intrinsic]: dot < 0 ? [value] : [value.slice(0, dot), value.slice(dot + 1)] };
  }
  return { [intrinsic]: value };
}
