/**
 * CloudFormation intrinsic functions, read and never evaluated: whether a
 * value is one, how the template wrote it, and a readable placeholder for a
 * name built by one (`!Sub "${Env}-orders"` → "Env-orders").
 */

/** The function a value calls (`Ref`, `Fn::Sub`, …), or undefined for a plain value. */
export function intrinsicName(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0]!.startsWith('Fn::') || keys[0] === 'Condition') ? keys[0] : undefined;
}

/** How the template wrote an intrinsic, in the short YAML form, for a message: `!Sub "${Env}-orders"`. */
export function describeIntrinsic(value: unknown): string {
  const name = intrinsicName(value);
  if (!name) return JSON.stringify(value) ?? 'nothing';
  const argument = (value as Record<string, unknown>)[name];
  const short = name === 'Ref' ? '!Ref' : `!${name.replace(/^Fn::/, '')}`;
  const text = typeof argument === 'string' ? (name === 'Ref' ? argument : JSON.stringify(argument)) : JSON.stringify(argument);
  return `${short} ${text.length > 80 ? text.slice(0, 80) + '…' : text}`;
}

/**
 * The text a name built by an intrinsic reads as, without evaluating it:
 * `${Var}` and `!Ref Var` become `Var`, a `!Join` joins its parts. Undefined
 * for functions with no readable text (`!GetAtt`, `!If`, …).
 */
export function placeholderText(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.replace(/\$\{([^}]*)\}/g, (_match, inner: string) => inner.replace(/^AWS::/, ''));
  if (typeof value === 'number') return String(value);
  if (depth > 4) return undefined;
  const name = intrinsicName(value);
  const argument = name ? (value as Record<string, unknown>)[name] : undefined;
  if (name === 'Ref' && typeof argument === 'string') return argument.replace(/^AWS::/, '');
  if (name === 'Fn::Sub') return placeholderText(Array.isArray(argument) ? argument[0] : argument, depth + 1);
  if (name === 'Fn::Join' && Array.isArray(argument) && typeof argument[0] === 'string' && Array.isArray(argument[1])) {
    const parts = (argument[1] as unknown[]).map((part) => placeholderText(part, depth + 1));
    return parts.every((part) => part !== undefined) ? parts.join(argument[0]) : undefined;
  }
  return undefined;
}
