import { describe, expect, it } from 'vitest';
import {
  isLegacyQueryScanParameter,
  isQueryScanParameter,
  LEGACY_QUERY_SCAN_PARAMETERS,
  PARALLEL_SCAN_PARAMETERS,
  QUERY_SCAN_PARAMETERS,
} from './requestParameters';

describe('Query/Scan parameter names', () => {
  it('lists each parameter once, and no legacy one among them', () => {
    expect(new Set(QUERY_SCAN_PARAMETERS).size).toBe(QUERY_SCAN_PARAMETERS.length);
    for (const name of Object.keys(LEGACY_QUERY_SCAN_PARAMETERS)) expect(isQueryScanParameter(name)).toBe(false);
  });

  it('names an expression-based replacement for every legacy parameter', () => {
    for (const replacement of Object.values(LEGACY_QUERY_SCAN_PARAMETERS)) {
      expect(QUERY_SCAN_PARAMETERS.some((name) => replacement.includes(name))).toBe(true);
    }
  });

  it('knows the parallel-scan parameters, and is not fooled by inherited names', () => {
    for (const name of PARALLEL_SCAN_PARAMETERS) expect(isQueryScanParameter(name)).toBe(true);
    expect(isQueryScanParameter('toString')).toBe(false);
    expect(isLegacyQueryScanParameter('toString')).toBe(false);
    expect(isLegacyQueryScanParameter('QueryFilter')).toBe(true);
  });
});
