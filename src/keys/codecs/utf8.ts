/** UTF-8 facts about JavaScript (UTF-16) strings, without allocating: DynamoDB stores strings as UTF-8. */

/**
 * The number of bytes `value` takes in UTF-8, without allocating.
 * A lone surrogate counts 3 bytes (the U+FFFD it would be replaced with).
 *
 * @example
 * utf8ByteLength("p_8842") // 6
 * utf8ByteLength("€")      // 3
 * utf8ByteLength("𝄞")      // 4
 */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(value.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The index of the first lone (unpaired) surrogate in `value`, or -1.
 * DynamoDB stores strings as UTF-8, which cannot represent a lone surrogate.
 *
 * @example
 * findLoneSurrogate("ok")        // -1
 * findLoneSurrogate("a\uD800b")  // 1
 */
export function findLoneSurrogate(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit <= 0xdbff && isLowSurrogate(value.charCodeAt(i + 1))) {
      i++;
      continue;
    }
    return i;
  }
  return -1;
}

/** True for a UTF-16 low (trailing) surrogate, 0xDC00–0xDFFF. */
export function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
