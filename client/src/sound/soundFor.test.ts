import { describe, expect, it } from 'vitest';
import { soundForEnd, soundForSan } from './soundFor';

describe('soundForSan', () => {
  it.each([
    ['e4', 'move'],
    ['Nf3', 'move'],
    ['exd5', 'capture'],
    ['Bxf7', 'capture'],
    ['O-O', 'castle'],
    ['O-O-O', 'castle'],
    ['e8=Q', 'promote'],
    ['bxa8=N', 'promote'],
    ['Bb5+', 'check'],
    ['Qxf7#', 'check'],
    ['O-O+', 'check'],
    ['e8=Q+', 'check'],
  ])('plays the right sound for %s', (san, sound) => {
    expect(soundForSan(san)).toBe(sound);
  });
});

describe('soundForEnd', () => {
  it('tells a win, a loss and a draw apart from the player side', () => {
    expect(soundForEnd('white', 'white')).toBe('win');
    expect(soundForEnd('white', 'black')).toBe('loss');
    expect(soundForEnd(null, 'black')).toBe('draw');
  });
});
