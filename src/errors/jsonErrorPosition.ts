/**
 * The offset of the first JSON syntax error in `text`, or undefined when it
 * parses. V8 names the position for some errors only ("Unexpected token ',',
 * … is not valid JSON" has none), so the paste dialog finds it itself to say
 * "line 3, column 12" (the paste dialog, design files, every import).
 */
export function findJsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const fail = (): never => {
    throw new JsonStop(i);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const literal = (word: string) => {
    for (const char of word) {
      if (text[i] !== char) fail();
      i++;
    }
  };
  const string = () => {
    if (text[i] !== '"') fail();
    i++;
    while (i < text.length && text[i] !== '"') {
      const code = text.charCodeAt(i);
      if (code < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail();
            }
          }
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) fail();
    i += (match as RegExpExecArray)[0].length;
  };
  // An explicit stack, so deeply nested input can't overflow the call stack.
  const value = () => {
    const stack: ('object' | 'array')[] = [];
    for (;;) {
      space();
      const char = text[i];
      if (char === '{' || char === '[') {
        i++;
        space();
        if (text[i] === (char === '{' ? '}' : ']')) {
          i++;
        } else {
          stack.push(char === '{' ? 'object' : 'array');
          if (char === '{') {
            string();
            space();
            if (text[i] !== ':') fail();
            i++;
          }
          continue;
        }
      } else if (char === '"') string();
      else if (char === 't') literal('true');
      else if (char === 'f') literal('false');
      else if (char === 'n') literal('null');
      else number();
      // After a value: close containers or move to the next element.
      for (;;) {
        const top = stack[stack.length - 1];
        if (!top) return;
        space();
        if (text[i] === ',') {
          i++;
          if (top === 'object') {
            space();
            string();
            space();
            if (text[i] !== ':') fail();
            i++;
          }
          break;
        }
        if (text[i] === (top === 'object' ? '}' : ']')) {
          i++;
          stack.pop();
          continue;
        }
        fail();
      }
    }
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return undefined;
  } catch (error) {
    if (error instanceof JsonStop) return error.offset;
    throw error;
  }
}

class JsonStop {
  constructor(readonly offset: number) {}
}

/** Where JSON text breaks: 1-based line and column; `endsEarly` when the text stops mid-value. */
export interface JsonErrorWhere {
  readonly line: number;
  readonly column: number;
  readonly endsEarly: boolean;
}

/**
 * Where and why `JSON.parse(text)` failed with `error`: the line and column
 * (from the engine's message when it gives them, else found here) and the
 * engine's reason without its position and its quote of the text.
 *
 * @example
 * locateJsonError('{"a": 1', new SyntaxError("Unexpected end of JSON input"))
 * // { where: { line: 1, column: 8, endsEarly: true }, reason: "Unexpected end of JSON input" }
 */
export function locateJsonError(text: string, error: unknown): { readonly where: JsonErrorWhere | undefined; readonly reason: string } {
  const message = error instanceof Error ? error.message : String(error);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  const position = /position (\d+)/.exec(message);
  // V8 quotes the text around the error ('…"Limit": ,\n}" is not valid JSON'); the line and column say it better.
  const reason = message
    .replace(/\s*\(line \d+ column \d+\)/, '')
    .replace(/ in JSON at position \d+/, '')
    .replace(/, (?:\.\.\.)?".*" is not valid JSON$/s, '');
  if (lineColumn) return { where: { line: Number(lineColumn[1]), column: Number(lineColumn[2]), endsEarly: false }, reason };
  const found = position ? Number(position[1]) : findJsonErrorOffset(text);
  if (found !== undefined && found < text.length) {
    const before = text.slice(0, found);
    return { where: { line: before.split('\n').length, column: found - before.lastIndexOf('\n'), endsEarly: false }, reason };
  }
  if (found !== undefined || /end of JSON input/i.test(message)) {
    const lines = text.split('\n');
    return { where: { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1, endsEarly: true }, reason };
  }
  return { where: undefined, reason };
}
