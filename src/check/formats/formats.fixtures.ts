import { buildCheckReport } from '../buildCheckReport';
import { checkDesignText } from '../checkDesignText';
import { selectRules } from '../checkProfiles';
import type { CheckFileReport, CheckReport, FailOn } from '../checkReport.types';

/**
 * A strict reader of the XML 1.0 the JUnit writer produces, for the tests: it
 * throws on anything not well-formed (an unclosed or mismatched element, an
 * unquoted or duplicate attribute, `<` in an attribute, an unknown entity,
 * `]]>` in text, a character XML cannot hold) and gives the tree back with
 * text and attributes unescaped, so a test compares what a CI viewer reads
 * with what the design said.
 */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text (its character data and CDATA, children's text left out). */
  readonly text: string;
}

const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function checkChars(text: string, at: number): void {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const allowed =
      code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
    if (!allowed) throw new Error(`character U+${code.toString(16).padStart(4, '0')} is not allowed in XML 1.0 (near offset ${at})`);
  }
}

function unescape(raw: string, at: number): string {
  return raw.replace(/&([^;]*);?/g, (match, entity: string) => {
    if (!match.endsWith(';')) throw new Error(`a bare & near offset ${at}`);
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    const value = ENTITIES[entity];
    if (value === undefined) throw new Error(`unknown entity &${entity}; near offset ${at}`);
    return value;
  });
}

/** The document element of `xml`; throws with the offset where it stops being well-formed. */
export function readXml(xml: string): XmlElement {
  checkChars(xml, 0);
  let at = 0;
  const skipMisc = () => {
    for (;;) {
      const space = /^\s*/.exec(xml.slice(at))![0].length;
      at += space;
      if (xml.startsWith('<?', at) || xml.startsWith('<!--', at)) {
        const end = xml.indexOf(xml.startsWith('<?', at) ? '?>' : '-->', at);
        if (end < 0) throw new Error(`unclosed declaration or comment at ${at}`);
        at = end + (xml.startsWith('<?', at) ? 2 : 3);
      } else return;
    }
  };
  const readElement = (): XmlElement => {
    if (xml[at] !== '<') throw new Error(`expected an element at ${at}`);
    at++;
    const name = NAME.exec(xml.slice(at))?.[0];
    if (!name) throw new Error(`expected an element name at ${at}`);
    at += name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      at += /^\s*/.exec(xml.slice(at))![0].length;
      if (xml.startsWith('/>', at)) {
        at += 2;
        return { name, attributes, children: [], text: '' };
      }
      if (xml[at] === '>') {
        at++;
        break;
      }
      const attribute = NAME.exec(xml.slice(at))?.[0];
      if (!attribute) throw new Error(`expected an attribute name at ${at}`);
      at += attribute.length;
      if (xml[at] !== '=' || xml[at + 1] !== '"') throw new Error(`attribute ${attribute} is not ="…" at ${at}`);
      const end = xml.indexOf('"', at + 2);
      if (end < 0) throw new Error(`unclosed attribute ${attribute} at ${at}`);
      const raw = xml.slice(at + 2, end);
      if (raw.includes('<')) throw new Error(`< in attribute ${attribute} at ${at}`);
      if (attribute in attributes) throw new Error(`duplicate attribute ${attribute} at ${at}`);
      attributes[attribute] = unescape(raw, at);
      at = end + 1;
    }
    const children: XmlElement[] = [];
    let text = '';
    for (;;) {
      if (at >= xml.length) throw new Error(`element ${name} is not closed`);
      if (xml.startsWith('</', at)) {
        const close = `</${name}>`;
        if (!xml.startsWith(close, at)) throw new Error(`expected ${close} at ${at}, found ${xml.slice(at, at + 30)}`);
        at += close.length;
        return { name, attributes, children, text };
      }
      if (xml.startsWith('<![CDATA[', at)) {
        const end = xml.indexOf(']]>', at);
        if (end < 0) throw new Error(`unclosed CDATA at ${at}`);
        text += xml.slice(at + 9, end);
        at = end + 3;
      } else if (xml.startsWith('<!--', at)) {
        const end = xml.indexOf('-->', at);
        if (end < 0) throw new Error(`unclosed comment at ${at}`);
        at = end + 3;
      } else if (xml[at] === '<') children.push(readElement());
      else {
        const end = xml.indexOf('<', at);
        const raw = xml.slice(at, end < 0 ? xml.length : end);
        if (raw.includes(']]>')) throw new Error(`]]> in text at ${at}`);
        text += unescape(raw, at);
        at += raw.length;
      }
    }
  };
  skipMisc();
  const root = readElement();
  skipMisc();
  if (at !== xml.length) throw new Error(`text after the document element at ${at}`);
  return root;
}

/** Every element named `name` under `element` (itself included), depth first. */
export function elementsNamed(element: XmlElement, name: string): XmlElement[] {
  return [...(element.name === name ? [element] : []), ...element.children.flatMap((child) => elementsNamed(child, name))];
}

/**
 * The report of a `keylab check` run over the given files, built the way the
 * command builds it: each file checked by checkDesignText (the importer, the
 * Design tab's rules with the file's decisions, the patterns on the built-in
 * engine, the locations), the run by buildCheckReport.
 */
export async function checkReportOf(files: readonly { readonly file: string; readonly text: string }[], failOn: FailOn = 'error'): Promise<CheckReport> {
  const chosen = selectRules({});
  if (!chosen.ok) throw new Error(chosen.message);
  const parts: CheckFileReport[] = [];
  for (const { file, text } of files) {
    const part = await checkDesignText(text, file, { selection: chosen.selection });
    if (part.status === 'skipped') throw new Error(`${file} was skipped`);
    parts.push(part);
  }
  return buildCheckReport(parts, [], { selection: chosen.selection, failOn, version: '0.1.0' });
}
