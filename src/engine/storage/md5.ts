/**
 * MD5 (RFC 1321) of a byte array, for DynamoDB's partition hash (see
 * partitionHash.ts) — not for security. Pure TypeScript: the engine runs in the
 * browser too, where WebCrypto has no MD5 and is asynchronous.
 */

/** Per-round left-rotation amounts. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** floor(abs(sin(i + 1)) × 2^32), the RFC's table T. */
const SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 0x1_0000_0000) >>> 0);

/** The message words of the last call, reused (grown when needed): hashing a key allocates nothing else. */
let words = new Uint32Array(32);

/**
 * The 16-byte MD5 digest of `bytes`.
 *
 * @example
 * toHex(md5(new Uint8Array()))                 // "d41d8cd98f00b204e9800998ecf8427e"
 * toHex(md5(new TextEncoder().encode('abc')))  // "900150983cd24fb0d6963f7d28e17f72"
 */
export function md5(bytes: Uint8Array): Uint8Array {
  const state = md5Words(bytes.length, (i) => bytes[i] as number);
  const digest = new Uint8Array(16);
  for (let w = 0; w < 4; w++) for (let i = 0; i < 4; i++) digest[w * 4 + i] = ((state[w] as number) >>> (i * 8)) & 0xff;
  return digest;
}

const state = new Int32Array(4);

/**
 * MD5 of a message of `length` bytes read through `byteAt`, as the four
 * little-endian state words (a view reused by the next call). `byteAt` lets a
 * caller hash a salted key without copying it into one array first.
 */
export function md5Words(length: number, byteAt: (index: number) => number): Int32Array {
  const blocks = ((length + 8) >>> 6) + 1;
  if (words.length < blocks * 16) words = new Uint32Array(blocks * 16);
  words.fill(0, 0, blocks * 16);
  for (let i = 0; i < length; i++) words[i >>> 2] = (words[i >>> 2] as number) | (byteAt(i) << ((i & 3) * 8));
  words[length >>> 2] = (words[length >>> 2] as number) | (0x80 << ((length & 3) * 8));
  const bits = length * 8;
  words[blocks * 16 - 2] = bits >>> 0;
  words[blocks * 16 - 1] = Math.floor(bits / 0x1_0000_0000);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  for (let block = 0; block < blocks; block++) {
    const base = block * 16;
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      const round = i >>> 4;
      let f: number;
      let g: number;
      if (round === 0) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (round === 1) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) & 15;
      } else if (round === 2) {
        f = b ^ c ^ d;
        g = (3 * i + 5) & 15;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) & 15;
      }
      const sum = (a + f + (SINES[i] as number) + (words[base + g] as number)) | 0;
      const shift = SHIFTS[round * 4 + (i & 3)] as number;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  state[0] = a0;
  state[1] = b0;
  state[2] = c0;
  state[3] = d0;
  return state;
}
