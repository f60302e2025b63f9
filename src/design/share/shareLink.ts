import { Deflate, Inflate } from 'fflate';
import { decodeBase64, encodeBase64, formatBytes } from '../../dynamo';
import type { Design, DesignProblem } from '../design.types';
import { findInvalidUtf8, parseDesignDocument, toDesignDocument, type DesignReadResult } from '../format';
import { MAX_SHARE_DESIGN_BYTES, MAX_SHARE_FRAGMENT_CHARS, SHARE_FRAGMENT_PREFIX, SHARE_LINK_VERSION } from './shareLinkFormat';

/**
 * A design in a link: `#share=k1.<base64url(deflate-raw(design JSON))>`, in
 * the URL fragment, which browsers never send to a server. `k1` names the
 * link format (how the design is packed); the JSON inside names the design
 * format (`"format": "keylab.design/1"`) and is the same document a design
 * file holds: only what the design format writes (templates, entities,
 * samples, access patterns, decisions, sign-offs), never credentials,
 * connections or table data. A link is untrusted input, read exactly like an
 * imported file.
 */

export type ShareFragmentResult =
  { readonly ok: true; readonly fragment: string; readonly bytes: number } | { readonly ok: false; readonly message: string; readonly bytes: number };

/** Compressed input is fed to the inflater this many bytes at a time, so the size check runs before much is produced. */
const INFLATE_CHUNK = 1024;
const VERSION_PATTERN = /^k(\d+)$/;
const CURRENT_VERSION = Number(VERSION_PATTERN.exec(SHARE_LINK_VERSION)?.[1]);
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * The fragment (`share=k1.…`, without `#`) that carries a design, and its
 * length; or why it can't be a link (too long: export the file instead).
 *
 * @example
 * encodeShareFragment(LEADERBOARD_DESIGN) // { ok: true, fragment: "share=k1.jVPbbts…", bytes: 1391 }
 */
export function encodeShareFragment(design: Design): ShareFragmentResult {
  // Compact JSON (no indentation): the same document serializeDesignDocument writes, smaller before compression.
  const json = new TextEncoder().encode(JSON.stringify(toDesignDocument(design)));
  const header = `${SHARE_FRAGMENT_PREFIX}${SHARE_LINK_VERSION}.`;
  // base64 is 4 characters per 3 bytes: past this many packed bytes the fragment is over its limit.
  const maxPacked = Math.floor(((MAX_SHARE_FRAGMENT_CHARS - header.length) * 3) / 4);
  const packed = deflateLimited(json, maxPacked);
  if (!packed) {
    const atLeast = header.length + Math.ceil((maxPacked * 4) / 3) + 1;
    return {
      ok: false,
      bytes: atLeast,
      message: `“${design.name}” is too large for a link: it packs to more than the ${formatBytes(MAX_SHARE_FRAGMENT_CHARS)} a share link holds. Share the design file instead (Export design: Keylab design (JSON)), or keep fewer sample rows.`,
    };
  }
  const fragment = header + toBase64Url(packed);
  return { ok: true, fragment, bytes: fragment.length };
}

/** Chunks of design JSON fed to the compressor: a design far too large for a link stops after the first few. */
const DEFLATE_CHUNK = 16 * 1024;

/** Raw deflate of `bytes` at the best level, or undefined as soon as the output passes `limit` bytes. */
function deflateLimited(bytes: Uint8Array, limit: number): Uint8Array | undefined {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const deflater = new Deflate({ level: 9 }, (chunk) => {
    total += chunk.length;
    chunks.push(chunk);
  });
  for (let offset = 0; ; offset += DEFLATE_CHUNK) {
    const end = Math.min(offset + DEFLATE_CHUNK, bytes.length);
    deflater.push(bytes.subarray(offset, end), end === bytes.length);
    if (total > limit) return undefined;
    if (end === bytes.length) return concat(chunks, total);
  }
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * Reads the design a share link carries. `fragment` is the URL's hash, with
 * or without its `#` (`#share=k1.…`). Every step that can fail says what is
 * wrong with the link; the design inside is then checked like a file import
 * (parseDesignDocument), each problem with its path.
 */
export function decodeShareFragment(fragment: string): DesignReadResult {
  const hash = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (hash.length > MAX_SHARE_FRAGMENT_CHARS) {
    return refuse(
      `This link is ${formatBytes(hash.length)} long; a Keylab share link is at most ${formatBytes(MAX_SHARE_FRAGMENT_CHARS)}, so it was not opened. Ask for the design file instead (Export design) and import it.`,
    );
  }
  if (!hash.startsWith(SHARE_FRAGMENT_PREFIX))
    return refuse(`This is not a Keylab share link: its fragment must start with "#${SHARE_FRAGMENT_PREFIX}${SHARE_LINK_VERSION}.".`);
  const body = hash.slice(SHARE_FRAGMENT_PREFIX.length);
  const dot = body.indexOf('.');
  if (dot < 0)
    return refuse(
      `This is not a Keylab share link: after "#${SHARE_FRAGMENT_PREFIX}" comes the link version and a dot ("${SHARE_LINK_VERSION}."), then the design.`,
    );
  const versionText = body.slice(0, dot);
  const version = VERSION_PATTERN.exec(versionText);
  if (!version) return refuse(`This is not a Keylab share link: ${quoted(versionText)} is not a link version (this Keylab reads "${SHARE_LINK_VERSION}").`);
  if (Number(version[1]) > CURRENT_VERSION) {
    return refuse(
      `This link was made by a newer Keylab (link version ${quoted(versionText)}); this one reads "${SHARE_LINK_VERSION}" links and won't half-read it: update Keylab to open it.`,
    );
  }
  if (Number(version[1]) !== CURRENT_VERSION)
    return refuse(`${quoted(versionText)} is not a link version this Keylab reads: it reads "${SHARE_LINK_VERSION}".`);
  const packed = fromBase64Url(body.slice(dot + 1));
  if (!packed)
    return refuse(
      'The link is damaged: the design part is not base64url text (letters, digits, "-" and "_"). Copy the whole link again, with nothing added or cut.',
    );
  if (packed.length === 0) return refuse('The link is empty after "k1.": copy the whole link again.');
  const inflated = inflateLimited(packed, MAX_SHARE_DESIGN_BYTES);
  if (inflated.kind === 'tooLarge') {
    return refuse(
      `The link unpacks to more than ${formatBytes(MAX_SHARE_DESIGN_BYTES)}, more than any design holds, so it was not opened (it may be built to exhaust the browser).`,
    );
  }
  if (inflated.kind === 'corrupt')
    return refuse(`The link is damaged: its compressed data does not unpack (${inflated.reason}). It was probably cut off: copy the whole link again.`);
  const invalid = findInvalidUtf8(inflated.bytes);
  if (invalid !== undefined)
    return refuse(
      `The link is damaged: the design inside is not UTF-8 text (from byte ${invalid.toLocaleString('en-US')} of ${inflated.bytes.length.toLocaleString('en-US')} unpacked).`,
    );
  const text = new TextDecoder('utf-8').decode(inflated.bytes);
  const read = parseDesignDocument(text, { fileName: 'the shared design' });
  // The JSON inside a link is one packed line nobody sees: a problem's path says where it is, a column wouldn't.
  return read.ok ? { ...read, warnings: read.warnings.map(withoutPosition) } : { ok: false, errors: read.errors.map(withoutPosition) };
}

function withoutPosition(problem: DesignProblem): DesignProblem {
  if (!problem.path) return problem;
  const { line: _line, column: _column, ...rest } = problem;
  return rest;
}

type InflateOutcome =
  { readonly kind: 'ok'; readonly bytes: Uint8Array } | { readonly kind: 'tooLarge' } | { readonly kind: 'corrupt'; readonly reason: string };

/** Inflates raw deflate data, stopping as soon as the output passes `limit` bytes (a decompression bomb never fills memory). */
function inflateLimited(packed: Uint8Array, limit: number): InflateOutcome {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total <= limit) chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let offset = 0; offset < packed.length && total <= limit; offset += INFLATE_CHUNK) {
      const end = Math.min(offset + INFLATE_CHUNK, packed.length);
      inflater.push(packed.subarray(offset, end), end === packed.length);
    }
  } catch (error) {
    return { kind: 'corrupt', reason: error instanceof Error ? error.message : String(error) };
  }
  if (total > limit) return { kind: 'tooLarge' };
  if (!ended) return { kind: 'corrupt', reason: 'the data ends early' };
  return { kind: 'ok', bytes: concat(chunks, total) };
}

/** base64url (RFC 4648 §5) without padding: nothing in it needs escaping in a URL. */
function toBase64Url(bytes: Uint8Array): string {
  return encodeBase64(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!BASE64URL.test(text)) return undefined;
  return decodeBase64(text.replace(/-/g, '+').replace(/_/g, '/'));
}

function refuse(message: string): DesignReadResult {
  const problem: DesignProblem = { path: '', severity: 'error', message };
  return { ok: false, errors: [problem] };
}

/** A link-supplied text in a message: quoted, and short. */
function quoted(text: string): string {
  return JSON.stringify(text.length > 20 ? `${text.slice(0, 20)}…` : text);
}
