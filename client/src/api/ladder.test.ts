import { describe, expect, it } from 'vitest';
import { scaleAnchor } from './ladder';

describe('the ladder scale', () => {
  it('names what the ratings are anchored on, without its label or aside', () => {
    const served =
      "engine scale: Elo anchored on Stockfish 15.1's UCI_LimitStrength UCI_Elo 1350 (calibrated on engine rating lists, not on human ratings)";
    expect(scaleAnchor(served)).toBe("Elo anchored on Stockfish 15.1's UCI_LimitStrength UCI_Elo 1350");
    expect(scaleAnchor('Elo')).toBe('Elo');
  });
});
