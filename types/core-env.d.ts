/* eslint-disable no-var -- ambient globals are declared with `var`, like lib.dom.d.ts */
/**
 * Host APIs that the pure core (src/keys, src/expressions, src/engine) may use.
 *
 * tsconfig.core.json compiles the core with `lib: ["ES2023"]` and `types: []`,
 * so neither DOM nor Node globals exist there. The declarations below are the
 * small, deliberately minimal subset that every runtime Keylab runs in
 * (browsers, Node, Vitest) provides identically. Add to this list only APIs
 * that behave the same in both; anything else belongs behind an interface
 * implemented in src/engine/persistence/ or src/sources/.
 *
 * This file is only part of tsconfig.core.json (the app and Node projects get
 * the real definitions from lib.dom / @types/node).
 */

interface TextEncoder {
  readonly encoding: string;
  encode(input?: string): Uint8Array;
}
declare var TextEncoder: { prototype: TextEncoder; new (): TextEncoder };

interface TextDecoderOptions {
  fatal?: boolean;
  ignoreBOM?: boolean;
}
interface TextDecoder {
  readonly encoding: string;
  readonly fatal: boolean;
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
declare var TextDecoder: {
  prototype: TextDecoder;
  new (label?: string, options?: TextDecoderOptions): TextDecoder;
};

interface Console {
  debug(...data: unknown[]): void;
  error(...data: unknown[]): void;
  info(...data: unknown[]): void;
  log(...data: unknown[]): void;
  warn(...data: unknown[]): void;
}
declare var console: Console;

/** Opaque timer handle (a number in browsers, a Timeout object in Node). */
interface CoreTimerHandle {
  readonly __coreTimerHandle: never;
}
// The handler is called with no argument (so `new Promise((resolve) => setTimeout(resolve, ms))` fits).
declare function setTimeout(handler: (argument?: undefined) => void, timeout?: number): CoreTimerHandle;
declare function clearTimeout(id: CoreTimerHandle | undefined): void;
declare function queueMicrotask(callback: () => void): void;
declare function structuredClone<T>(value: T): T;

interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
declare var AbortSignal: {
  prototype: AbortSignal;
  abort(reason?: unknown): AbortSignal;
  timeout(milliseconds: number): AbortSignal;
};
interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
declare var AbortController: { prototype: AbortController; new (): AbortController };

/** The WHATWG URL parser (the same in browsers and Node): the parts src/dynamo's loopback check reads. */
interface URL {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly host: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}
declare var URL: { prototype: URL; new (url: string, base?: string): URL };

/**
 * WHATWG Compression Streams (browsers, and Node's global, zlib underneath):
 * only what src/transfer/gzipChunks.ts (and its test) use of them.
 */
interface CoreStreamWriter {
  readonly ready: Promise<undefined>;
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}
interface CoreStreamReader {
  read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array<ArrayBuffer> }>;
  cancel(reason?: unknown): Promise<void>;
}
type CompressionFormat = 'deflate' | 'deflate-raw' | 'gzip';
interface DecompressionStream {
  readonly writable: { getWriter(): CoreStreamWriter };
  readonly readable: { getReader(): CoreStreamReader };
}
declare var DecompressionStream: { prototype: DecompressionStream; new (format: CompressionFormat): DecompressionStream };
interface CompressionStream {
  readonly writable: { getWriter(): CoreStreamWriter };
  readonly readable: { getReader(): CoreStreamReader };
}
declare var CompressionStream: { prototype: CompressionStream; new (format: CompressionFormat): CompressionStream };

/** Web Crypto's random bytes (browsers, also over plain http; Node's global `crypto`): Table IDs. */
interface CoreCrypto {
  getRandomValues<T extends Uint8Array>(array: T): T;
}
declare var crypto: CoreCrypto;
