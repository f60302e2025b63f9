/**
 * FNV-1a, 64 bits, over the UTF-8 bytes of a text, as 16 lowercase hex
 * digits: small, synchronous, the same in Node and every browser (no
 * crypto.subtle, no BigInt). Not a cryptographic hash: it tells one state of
 * a design from another, it does not resist someone forging a collision.
 *
 * @example
 * fnv1a64Hex('') // "cbf29ce484222325"
 * fnv1a64Hex('a') // "af63dc4c8601ec8c"
 */
export function fnv1a64Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  // The 64-bit state as four 16-bit limbs, lowest first: every product stays a safe integer.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (const byte of bytes) {
    h0 ^= byte;
    // × the FNV prime 0x100000001b3 = 0x1b3 + (1 << 40): limb 2 gets h0 << 8, limb 3 gets h1 << 8.
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3 + (t0 >>> 16);
    const t2 = h2 * 0x1b3 + h0 * 0x100 + (t1 >>> 16);
    const t3 = h3 * 0x1b3 + h1 * 0x100 + (t2 >>> 16);
    h0 = t0 & 0xffff;
    h1 = t1 & 0xffff;
    h2 = t2 & 0xffff;
    h3 = t3 & 0xffff;
  }
  return [h3, h2, h1, h0].map((limb) => limb.toString(16).padStart(4, '0')).join('');
}
