/**
 * The machinery every expression's checks share: a `Checker` per expression
 * (its kind and text for messages, the request's placeholders, which ones were
 * used) and the messages conditions and updates both give.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { ExpressionKind, PathElement, PathNode, ResolvedPath, Span } from '../ast';
import { validationError, type DynamoDBError } from '../errors';
import { MAX_LIST_INDEX, MAX_PATH_DEPTH } from '../limits';
import type { ConditionFunctionName } from '../prepared';
import { isReservedWord } from '../reservedWords';

export interface Context {
  readonly names: Readonly<Record<string, string>> | undefined;
  readonly values: Readonly<Record<string, AttributeValue>> | undefined;
  readonly usedNames: Set<string>;
  readonly usedValues: Set<string>;
}

/** One expression being checked: its kind and text (for messages) and the request's placeholders. */
export class Checker {
  constructor(
    readonly kind: ExpressionKind,
    readonly text: string,
    readonly context: Context,
  ) {}

  /** `Invalid <Kind>: <message>` at `span`. */
  fail(message: string, span: Span): DynamoDBError {
    return validationError(`Invalid ${this.kind}: ${message}`, { expression: this.kind, span });
  }

  /** A message without the `Invalid <Kind>: ` prefix, still located in this expression. */
  failPlain(message: string, span: Span): DynamoDBError {
    return validationError(message, { expression: this.kind, span });
  }

  /** List indexes in range and no reserved words: the document-order checks on a path. */
  checkPathWords(path: PathNode): void {
    for (const element of path.elements) {
      if (element.kind === 'index') {
        if (element.index > MAX_LIST_INDEX) {
          const digits = this.text.slice(element.span.start + 1, element.span.end - 1).trim();
          throw this.fail(`List index is not within the allowable range; index: [${digits}]`, element.span);
        }
      } else if (element.kind === 'name' && isReservedWord(element.name)) {
        throw this.fail(`Attribute name is a reserved keyword; reserved keyword: ${element.name}`, element.span);
      }
    }
  }

  /** Resolves `#name` placeholders (marking them used) and checks the depth. */
  resolvePath(path: PathNode): ResolvedPath {
    const resolved = this.resolveNames(path);
    this.checkPathDepth(path);
    return resolved;
  }

  /** Resolves `#name` placeholders, marking them used. */
  resolveNames(path: PathNode): ResolvedPath {
    const resolved: (string | number)[] = [];
    for (const element of path.elements) resolved.push(this.resolveElement(element));
    return resolved;
  }

  /** At most 32 elements. */
  checkPathDepth(path: PathNode): void {
    if (path.elements.length > MAX_PATH_DEPTH) {
      throw this.fail(`The document path has too many nesting levels; nesting levels: ${path.elements.length}`, path.span);
    }
  }

  private resolveElement(element: PathElement): string | number {
    if (element.kind === 'name') return element.name;
    if (element.kind === 'index') return element.index;
    const names = this.context.names;
    const name = names && Object.hasOwn(names, element.ref) ? names[element.ref] : undefined;
    if (name === undefined) {
      throw this.fail(`An expression attribute name used in the document path is not defined; attribute name: ${element.ref}`, element.span);
    }
    this.context.usedNames.add(element.ref);
    return name;
  }

  /** The AttributeValue of a `:value` placeholder, marking it used. */
  resolveValue(ref: string, span: Span): AttributeValue {
    const values = this.context.values;
    const value = values && Object.hasOwn(values, ref) ? values[ref] : undefined;
    if (value === undefined) throw this.fail(`An expression attribute value used in expression is not defined; attribute value: ${ref}`, span);
    this.context.usedValues.add(ref);
    return value;
  }
}

/** The functions that are conditions, with their operand counts. */
export const CONDITION_FUNCTIONS: ReadonlyMap<string, number> = new Map<ConditionFunctionName, number>([
  ['attribute_exists', 1],
  ['attribute_not_exists', 1],
  ['attribute_type', 2],
  ['begins_with', 2],
  ['contains', 2],
]);
/** The functions only an update may call. */
export const UPDATE_FUNCTIONS: ReadonlySet<string> = new Set(['if_not_exists', 'list_append']);

export function operandCountMessage(name: string, count: number): string {
  return `Incorrect number of operands for operator or function; operator or function: ${name}, number of operands: ${count}`;
}

export function operandTypeMessage(name: string, type: string): string {
  return `Incorrect operand type for operator or function; operator or function: ${name}, operand type: ${type}`;
}

export function tooManyOperators(checker: Checker, count: number, span: Span): DynamoDBError {
  return checker.fail(`The expression contains too many operators; operator count: ${count}`, span);
}
