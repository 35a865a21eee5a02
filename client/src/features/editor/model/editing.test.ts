import { describe, expect, it } from 'vitest';
import { applyTool, movePiece, setSquare } from './editing';

describe('editing the board', () => {
  it('puts a piece from the palette on a square, replacing what stood there', () => {
    expect(applyTool({ e4: 'bP' }, 'e4', 'wN')).toEqual({ e4: 'wN' });
    expect(applyTool({}, 'a1', 'wR')).toEqual({ a1: 'wR' });
  });

  it('takes a piece away with the eraser, or with the same piece again', () => {
    expect(applyTool({ e4: 'bP', a1: 'wR' }, 'e4', 'eraser')).toEqual({ a1: 'wR' });
    expect(applyTool({ e4: 'wN' }, 'e4', 'wN')).toEqual({});
    expect(applyTool({}, 'e4', 'eraser')).toEqual({});
  });

  it('moves a dragged piece, capturing what stood on its target', () => {
    expect(movePiece({ e1: 'wK', e2: 'bP' }, 'e1', 'e2')).toEqual({ e2: 'wK' });
    const board = { e1: 'wK' } as const;
    expect(movePiece(board, 'e1', 'e1')).toBe(board);
    expect(movePiece(board, 'a1', 'a2')).toBe(board);
  });

  it('never changes the placement it was given', () => {
    const board = { e1: 'wK' } as const;
    setSquare(board, 'e1', null);
    applyTool(board, 'a1', 'wQ');
    expect(board).toEqual({ e1: 'wK' });
  });
});
