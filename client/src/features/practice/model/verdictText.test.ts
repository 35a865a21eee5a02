import { describe, expect, it } from 'vitest';
import { verdictText } from './verdictText';

describe('verdictText', () => {
  it('words a try that falls short by its loss, as the server words it', () => {
    const loss = 'loses about 1.8 pawns (62 % → 35 %)';
    expect(verdictText('not_quite', { san: 'Nf3', loss })).toBe(`Nf3: Not quite: it ${loss}… try again`);
    expect(verdictText('wrong', { san: 'Nd4', loss: 'allows a forced mate (52 % → 0 %)' })).toBe(
      'Nd4: Wrong: it allows a forced mate (52 % → 0 %). Try again',
    );
  });

  it('says solved or revealed, and nothing before a try', () => {
    expect(verdictText('solved', { san: 'g6', loss: 'loses nothing (52 % → 52 %)' })).toBe('g6: Solved');
    expect(verdictText('revealed', null)).toBe('Revealed');
    expect(verdictText('trying', null)).toBeNull();
  });
});
