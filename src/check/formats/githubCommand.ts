/**
 * GitHub Actions workflow commands (`::error file=…,line=…::message`): the
 * runner reads one command per line, ends the properties at `::` and splits
 * them at `,`. So, as the Actions toolkit escapes them, a command's message
 * has `%`, CR and LF percent-encoded, and a property value `:` and `,` too;
 * a hostile table name can then neither end the command early nor start a
 * second one.
 */

/** A command's message (after the `::`). */
export function escapeCommandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value (`file=`, `title=`). */
export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One workflow command line: its name, its properties in the given order
 * (undefined ones left out), and its message.
 *
 * @example
 * workflowCommand('error', { file: 'designs/shop.json', line: 12, title: 'Numbers in a string field' }, '50%\nof keys')
 * // '::error file=designs/shop.json,line=12,title=Numbers in a string field::50%25%0Aof keys'
 */
export function workflowCommand(name: string, properties: Readonly<Record<string, string | number | undefined>>, message: string): string {
  const written = Object.entries(properties).flatMap(([key, value]) => (value === undefined ? [] : [`${key}=${escapeCommandProperty(String(value))}`]));
  return `::${name}${written.length > 0 ? ` ${written.join(',')}` : ''}::${escapeCommandData(message)}`;
}
