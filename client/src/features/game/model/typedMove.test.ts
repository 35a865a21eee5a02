import { describe, expect, it } from 'vitest';
import { E4, legalMove } from '../../../test/fixtures';
import { knownMove } from './typedMove';

describe('a typed move', () => {
  it('is drawn at once when it is exactly a listed SAN or UCI, check marks aside', () => {
    expect(knownMove([legalMove(E4)], ' e4 ')?.uci).toBe('e2e4');
    expect(knownMove([legalMove(E4)], 'e2e4')?.uci).toBe('e2e4');
    expect(knownMove([{ ...legalMove(E4), san: 'e4+' }], 'e4')?.uci).toBe('e2e4');
  });

  it('is left to the server when it is anything else', () => {
    expect(knownMove([legalMove(E4)], 'E4')).toBeUndefined();
    expect(knownMove([legalMove(E4)], 'e2-e4')).toBeUndefined();
  });
});
