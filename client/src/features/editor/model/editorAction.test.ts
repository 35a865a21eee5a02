import { describe, expect, it } from 'vitest';
import { editorReducer } from './editorAction';
import { editorFen, EMPTY_POSITION, START_POSITION } from './editorPosition';

describe('the editor reducer', () => {
  it('builds a position piece by piece, by palette, drop and drag', () => {
    let position = editorReducer(START_POSITION, { kind: 'clear' });
    position = editorReducer(position, { kind: 'apply', square: 'e1', tool: 'wK' });
    position = editorReducer(position, { kind: 'drop', square: 'e8', piece: 'bK' });
    position = editorReducer(position, { kind: 'apply', square: 'a2', tool: 'wR' });
    position = editorReducer(position, { kind: 'move', from: 'a2', to: 'a1' });
    position = editorReducer(position, { kind: 'turn', turn: 'black' });
    expect(editorFen(position)).toBe('4k3/8/8/8/8/8/8/R3K3 b - - 0 1');
    position = editorReducer(position, { kind: 'castling', right: 'whiteQueenSide', on: true });
    expect(editorFen(position)).toBe('4k3/8/8/8/8/8/8/R3K3 b Q - 0 1');
    position = editorReducer(position, { kind: 'remove', square: 'a1' });
    expect(editorFen(position)).toBe('4k3/8/8/8/8/8/8/4K3 b - - 0 1');
  });

  it('clears to an empty board with no rights, keeping the side to move, and resets to the start', () => {
    const black = editorReducer(START_POSITION, { kind: 'turn', turn: 'black' });
    expect(editorReducer(black, { kind: 'clear' })).toEqual({ ...EMPTY_POSITION, turn: 'black' });
    expect(editorReducer(EMPTY_POSITION, { kind: 'start' })).toBe(START_POSITION);
  });
});
