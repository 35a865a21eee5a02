import { describe, expect, it } from 'vitest';
import { describeScore, formatScore, whiteShare } from './evaluation';

describe('score notation', () => {
  it('writes centipawns as signed pawns with two decimals', () => {
    expect(formatScore({ cp: 34 })).toBe('+0.34');
    expect(formatScore({ cp: -120 })).toBe('-1.20');
    expect(formatScore({ cp: 5 })).toBe('+0.05');
    expect(formatScore({ cp: 0 })).toBe('0.00');
  });

  it('writes mates as # and the number of moves, negative when black mates', () => {
    expect(formatScore({ mate: 3 })).toBe('#3');
    expect(formatScore({ mate: -2 })).toBe('#-2');
  });

  it('says who is better in words', () => {
    expect(describeScore({ cp: -50 })).toBe('Black is better by 0.50 pawns');
    expect(describeScore({ mate: 4 })).toBe('White mates in 4');
    expect(describeScore({ cp: 0 })).toBe('Equal position');
  });
});

describe('the evaluation bar', () => {
  it('is half white when the position is equal', () => {
    expect(whiteShare({ cp: 0 })).toBeCloseTo(0.5);
  });

  it('leans to the side the score favours, symmetrically', () => {
    expect(whiteShare({ cp: 200 })).toBeGreaterThan(0.6);
    expect(whiteShare({ cp: 200 }) + whiteShare({ cp: -200 })).toBeCloseTo(1);
  });

  it('moves less for each pawn as the advantage grows, and stops at a ceiling', () => {
    const firstPawn = whiteShare({ cp: 100 }) - whiteShare({ cp: 0 });
    const eighthPawn = whiteShare({ cp: 800 }) - whiteShare({ cp: 700 });
    expect(firstPawn).toBeGreaterThan(eighthPawn);
    expect(whiteShare({ cp: 5000 })).toBe(whiteShare({ cp: 1000 }));
  });

  it('is nearly full for a mate, fuller for a nearer mate, and black mates empty it', () => {
    expect(whiteShare({ mate: 1 })).toBeGreaterThan(whiteShare({ mate: 12 }));
    expect(whiteShare({ mate: 12 })).toBeGreaterThan(whiteShare({ cp: 1000 }));
    expect(whiteShare({ mate: -1 })).toBeLessThan(0.01);
  });
});
