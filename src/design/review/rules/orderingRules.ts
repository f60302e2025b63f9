import type { ReviewRule } from '../review.types';
import { numberInStringField } from './numberInStringField';
import { dateNotIso } from './dateNotIso';
import { mixedTimestampPrecision } from './mixedTimestampPrecision';
import { widthTooNarrow } from './widthTooNarrow';
import { mixedWidths } from './mixedWidths';
import { delimiterInValue } from './delimiterInValue';
import { caseOrder } from './caseOrder';
import { nonAsciiOrder } from './nonAsciiOrder';

/** Field values and their order: one import and one list entry per rule file. */
export const ORDERING_RULES: readonly ReviewRule[] = [
  numberInStringField,
  dateNotIso,
  mixedTimestampPrecision,
  widthTooNarrow,
  mixedWidths,
  delimiterInValue,
  caseOrder,
  nonAsciiOrder,
];
