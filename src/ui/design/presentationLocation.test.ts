import { describe, expect, it } from 'vitest';
import { slideFromHash } from './presentationLocation';

describe('slideFromHash', () => {
  it('reads #present=<n> as slide n (1-based), anything else as no presentation', () => {
    expect(slideFromHash('#present=3')).toBe(3);
    expect(slideFromHash('#present=1')).toBe(1);
    expect(slideFromHash('#explorer')).toBeUndefined();
    expect(slideFromHash('')).toBeUndefined();
  });

  it('opens the first slide for a number it can’t use', () => {
    expect(slideFromHash('#present=0')).toBe(1);
    expect(slideFromHash('#present=')).toBe(1);
    expect(slideFromHash('#present=-2')).toBe(1);
    expect(slideFromHash('#present=<script>')).toBe(1);
    expect(slideFromHash('#present=99999999999')).toBe(1);
  });
});
