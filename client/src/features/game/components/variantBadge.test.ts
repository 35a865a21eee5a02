import { describe, expect, it } from 'vitest';
import { variantText } from './VariantBadge';

describe('the variant badge', () => {
  it('names Chess960 and its setup number, even the standard-looking setup 518', () => {
    expect(variantText({ variant: 'chess960', chess960_position: 518 })).toBe('Chess960 · setup 518');
    expect(variantText({ variant: 'chess960', chess960_position: 0 })).toBe('Chess960 · setup 0');
  });

  it('names Chess960 alone when the game started from a set-up position', () => {
    expect(variantText({ variant: 'chess960', chess960_position: null })).toBe('Chess960');
  });

  it('says nothing for standard chess', () => {
    expect(variantText({ variant: 'standard', chess960_position: null })).toBeNull();
  });
});
