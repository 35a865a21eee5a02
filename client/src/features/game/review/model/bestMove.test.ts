import { describe, expect, it } from 'vitest';
import type { AnalysedPly } from '../../../../api/analysisTypes';
import { bestMoveArrow, bestMoveText } from './bestMove';
import type { GameLine } from './gameLine';

const LINE: GameLine = { sans: ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'], firstTurn: 'white', firstFullmove: 1 };
/** Final plies; the search figures do not matter here. */
const SEARCH = { provisional: false, depth: 20, nodes: 500_000 };
const PLIES: AnalysedPly[] = [
  { ply: 1, eval: { cp: 30 }, best: { uci: 'e2e4', san: 'e4' }, pv_san: ['e4', 'e5'], judgment: null, ...SEARCH },
  { ply: 5, eval: { cp: 40 }, best: { uci: 'f1c4', san: 'Bc4' }, pv_san: ['Bc4'], judgment: null, ...SEARCH },
  { ply: 6, eval: { mate: 1 }, best: { uci: 'g7g6', san: 'g6' }, pv_san: ['g6', 'Qf3', 'Nf6'], judgment: 'blunder', ...SEARCH },
  {
    ply: 7,
    eval: { mate: 0 },
    best: { uci: 'h5f7', san: 'Qxf7#' },
    pv_san: ['Qxf7#'],
    judgment: null,
    ...SEARCH,
    depth: null,
    nodes: null,
  },
];

describe('the best move arrow', () => {
  it('goes from and to the squares of the best move', () => {
    expect(bestMoveArrow(PLIES[2])).toEqual({ from: 'g7', to: 'g6' });
  });

  it('ignores the promotion letter', () => {
    expect(bestMoveArrow({ ...PLIES[2], best: { uci: 'a7a8q', san: 'a8=Q' } })).toEqual({ from: 'a7', to: 'a8' });
  });

  it('is absent when there is no best move', () => {
    expect(bestMoveArrow({ ...PLIES[2], best: null })).toBeUndefined();
  });
});

describe('what the review says about a move', () => {
  it('names the blunder, the better move with the score before it, and the line', () => {
    expect(bestMoveText(PLIES, PLIES[2], LINE)).toEqual({
      played: '3… Nf6',
      judgment: 'blunder',
      verdict: 'Blunder.',
      eval: '#1',
      best: 'Best was g6 (+0.40)',
      line: '3... g6 4. Qf3 Nf6',
      provisional: false,
    });
  });

  it('says that a judgment from the quick pass is provisional', () => {
    const quick = { ...PLIES[2], provisional: true, depth: 8, nodes: 20_000 };
    expect(bestMoveText(PLIES, quick, LINE)).toMatchObject({ judgment: 'blunder', verdict: 'Blunder (provisional).', provisional: true });
    expect(bestMoveText(PLIES, { ...quick, judgment: null }, LINE)).toMatchObject({ verdict: null, provisional: true });
  });

  it('says so when the move played was the best one', () => {
    expect(bestMoveText(PLIES, PLIES[3], LINE)).toMatchObject({
      played: '4. Qxf7#',
      verdict: null,
      eval: '#',
      best: 'Qxf7# was the best move',
    });
  });

  it('leaves out the score of the best move when the ply before is not analysed', () => {
    const text = bestMoveText(PLIES, { ...PLIES[1], best: { uci: 'g1f3', san: 'Nf3' } }, LINE);
    expect(text.best).toBe('Best was Nf3');
  });

  it('has no best move or line when the server sent none', () => {
    expect(bestMoveText(PLIES, { ...PLIES[1], best: null, pv_san: [] }, LINE)).toMatchObject({ best: null, line: null });
  });
});
