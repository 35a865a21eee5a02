import { describe, expect, it } from 'vitest';
import { chess960Request } from './Chess960Choice';

describe('the Chess960 choice', () => {
  it('asks for nothing when off, a random setup when empty, else the number typed', () => {
    expect(chess960Request(false, '12')).toBeNull();
    expect(chess960Request(true, '')).toEqual({ variant: 'chess960' });
    expect(chess960Request(true, ' 518 ')).toEqual({ variant: 'chess960', position: 518 });
    expect(chess960Request(true, '0')).toEqual({ variant: 'chess960', position: 0 });
  });

  it('explains a number out of range or not a number', () => {
    for (const text of ['960', '-1', '3.5', 'abc']) {
      expect(typeof chess960Request(true, text)).toBe('string');
    }
  });
});
