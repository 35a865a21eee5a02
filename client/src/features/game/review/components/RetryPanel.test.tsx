// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { stagePerTest } from '../../../../test/mount';
import type { RetryPuzzle, Solution } from '../../../../api/retry';
import type { RetryState } from '../hooks/useRetry';
import type { GameLine } from '../model/gameLine';
import { type RetrySession, retryReducer, startSession } from '../model/retrySession';
import { RetryPanel } from './RetryPanel';

const LINE: GameLine = { sans: ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'], firstTurn: 'white', firstFullmove: 1 };
const PUZZLE: RetryPuzzle = {
  ply: 6,
  fen: '8/8/8/8/8/8/8/8 b - - 0 3',
  turn: 'black',
  played: { uci: 'g8f6', san: 'Nf6' },
  pointsLost: 0.53,
  loss: 'allows a forced mate (52 % → 0 %)',
};
const SOLUTION: Solution = { best: { uci: 'g7g6', san: 'g6' }, eval: { cp: -31 }, line: ['g6', 'Qf3', 'Nf6'] };
const nothing = () => {};

const stage = stagePerTest();

function show(session: RetrySession) {
  const retry: RetryState = {
    active: true,
    loading: false,
    error: null,
    session,
    puzzle: PUZZLE,
    board: null,
    busy: false,
    start: nothing,
    close: nothing,
    play: nothing,
    reveal: nothing,
    next: nothing,
  };
  stage.render(<RetryPanel retry={retry} line={LINE} />);
}
const { byTestId } = stage;

describe('the retry panel', () => {
  it('shows the counter, the move played and Skip and Reveal, and no answer while the puzzle is open', () => {
    show(startSession([6, 14]));
    expect(byTestId('retry-counter')?.textContent).toBe('1 / 2');
    expect(stage.container.textContent).toContain('You played 3… Nf6 here: it allows a forced mate (52 % → 0 %).');
    expect(byTestId('retry-skip')).not.toBeNull();
    expect(byTestId('retry-reveal')).not.toBeNull();
    expect(byTestId('retry-next')).toBeNull();
    expect(byTestId('retry-solution')).toBeNull();
  });

  it('says a wrong try is wrong and still hides the answer', () => {
    const session = retryReducer(startSession([6]), {
      type: 'answered',
      ply: 6,
      answer: {
        verdict: 'wrong',
        tried: { uci: 'c6d4', san: 'Nd4' },
        pointsLost: 0.53,
        loss: 'allows a forced mate (52 % → 0 %)',
        solution: null,
      },
    });
    show(session);
    expect(byTestId('retry-verdict')?.textContent).toBe('Nd4: Wrong: try again');
    expect(byTestId('retry-solution')).toBeNull();
    expect(stage.container.innerHTML).not.toContain('g6');
  });

  it('shows the best move and its line once solved, with Next instead of Skip and Reveal', () => {
    const session = retryReducer(startSession([6, 14]), {
      type: 'answered',
      ply: 6,
      answer: { verdict: 'solved', tried: SOLUTION.best, pointsLost: 0, loss: 'loses nothing (52 % → 52 %)', solution: SOLUTION },
    });
    show(session);
    expect(byTestId('retry-verdict')?.textContent).toBe('g6: Solved');
    expect(byTestId('retry-best')?.textContent).toBe('g6');
    expect(byTestId('retry-solution')?.textContent).toContain('3... g6 4. Qf3 Nf6');
    expect(byTestId('retry-next')).not.toBeNull();
    expect(byTestId('retry-reveal')).toBeNull();
  });

  it('closes with the count of puzzles solved', () => {
    show(retryReducer(startSession([6]), { type: 'next' }));
    expect(byTestId('retry-done')?.textContent).toBe('You solved 0 of 1.');
  });
});
