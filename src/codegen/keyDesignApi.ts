import {
  compileKeyTemplate,
  type CodecFinding,
  type CodecResult,
  type CompiledKeyTemplate,
  type FieldValues,
  type KeyRole,
  type TemplateSegment,
} from '../keys';

/*
 * The part of the exported key-design module that is not src/keys' codecs:
 * a KeyDesignError to throw instead of returning findings, and the design
 * object the module's encode<Name> / decode<Name> call. The generator
 * (scripts/generate-key-runtime.ts) appends it, imports dropped, to the
 * codecs of src/keys/codecs, so it may use only what that folder declares.
 */

/** One problem with a value or a stored key: a stable code (`keys.padOverflow`, …), the field it concerns, and what to do. */
export interface KeyDesignFinding {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}

/** Thrown for a value the key can't hold (or a key this design did not write); its findings say which field and why. */
export class KeyDesignError extends Error {
  readonly findings: readonly KeyDesignFinding[];
  constructor(findings: readonly KeyDesignFinding[]) {
    super(findings.map((finding) => finding.message).join('\n'));
    this.name = 'KeyDesignError';
    this.findings = findings;
  }
}

/** A template's encode and decode, throwing {@link KeyDesignError} where src/keys returns findings. */
export interface KeyDesign {
  encode(values: FieldValues): string;
  decode(key: string): Record<string, string>;
}

/**
 * The design for one template. It is compiled on first use: in the exported
 * module the codecs are declared below the line that calls this.
 *
 * @example
 * defineKeyDesign([{ kind: "field", name: "score", format: { kind: "int", width: 4, descending: false } }], "sort").encode({ score: "15" }) // "0015"
 */
export function defineKeyDesign(segments: readonly TemplateSegment[], role: KeyRole): KeyDesign {
  let compiled: CompiledKeyTemplate | undefined;
  const template = (): CompiledKeyTemplate => (compiled ??= compileKeyTemplate({ segments }, role));
  return {
    encode: (values) => valueOrThrow(template().encode(values)),
    decode: (key) => valueOrThrow(template().decode(key)),
  };
}

function valueOrThrow<T>(result: CodecResult<T>): T {
  if (result.ok) return result.value;
  throw new KeyDesignError(result.findings.map(toDesignFinding));
}

function toDesignFinding({ code, message, field }: CodecFinding): KeyDesignFinding {
  return field === undefined ? { code, message } : { code, message, field };
}
