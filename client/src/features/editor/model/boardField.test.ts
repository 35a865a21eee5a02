import { describe, expect, it } from 'vitest';
import { START_FEN } from '../../../chess/startPosition';
import { boardField, placementFromBoardField } from './boardField';

describe('the FEN board field', () => {
  it('round-trips the start position and a sparse one', () => {
    for (const field of [START_FEN.split(' ')[0], '8/8/8/8/8/8/8/8', '4k3/8/8/3pP3/8/8/8/R3K2R', 'K7/8/8/8/8/8/8/7k']) {
      expect(boardField(placementFromBoardField(field)!)).toBe(field);
    }
  });

  it('writes runs of empty squares as digits, rank 8 first', () => {
    expect(boardField({ e1: 'wK', e8: 'bK', a1: 'wR', h7: 'bP' })).toBe('4k3/7p/8/8/8/8/8/R3K3');
  });

  it('keeps what the server would refuse (two white kings, a pawn on the back rank): that is its to judge', () => {
    expect(placementFromBoardField('KK2k3/8/8/8/8/8/8/P7')).toEqual({ a8: 'wK', b8: 'wK', e8: 'bK', a1: 'wP' });
  });

  it('refuses a field that is not eight ranks of eight squares', () => {
    for (const field of [
      '8/8/8/8/8/8/8',
      '8/8/8/8/8/8/8/8/8',
      '9/8/8/8/8/8/8/8',
      '7/8/8/8/8/8/8/8',
      'k8/8/8/8/8/8/8/8',
      '4x3/8/8/8/8/8/8/8',
      '',
    ]) {
      expect(placementFromBoardField(field), field).toBeUndefined();
    }
  });
});
