import type { LiteralSyntax } from './codeTree';

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, '0');
}

/**
 * A Python str literal in plain ASCII, so the snippet survives any editor,
 * terminal or source encoding. Escapes go by code point: an astral character
 * is one \U0001f3c6, never a UTF-16 surrogate pair — Python does not join
 * "\ud83c\udfc6" into one character, and boto3 would fail to encode it.
 *
 * @example
 * printPythonString('say "hi" 🏆') // "say \"hi\" \U0001f3c6"
 */
export function printPythonString(value: string): string {
  let out = '"';
  for (const character of value) {
    const code = character.codePointAt(0) as number;
    const simple = SIMPLE_ESCAPES[character];
    if (simple) out += simple;
    else if (code >= 0x20 && code < 0x7f) out += character;
    else if (code <= 0xff) out += `\\x${hex(code, 2)}`;
    else if (code <= 0xffff) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return `${out}"`;
}

/**
 * A Python bytes literal (`b"\x01AB"`): printable ASCII as itself, every
 * other byte as \xNN, so no `import base64` is needed to run the snippet.
 */
export function printPythonBytes(bytes: Uint8Array): string {
  let out = 'b"';
  for (const byte of bytes) {
    const character = String.fromCharCode(byte);
    if (character === '\\' || character === '"') out += `\\${character}`;
    else if (byte >= 0x20 && byte < 0x7f) out += character;
    else out += `\\x${hex(byte, 2)}`;
  }
  return `${out}"`;
}

export const PYTHON_SYNTAX: LiteralSyntax = {
  string: printPythonString,
  key: printPythonString,
  number: (value) => String(value),
  boolean: (value) => (value ? 'True' : 'False'),
  null: 'None',
  colon: ': ',
  bracePadding: '',
  indent: '    ',
};
