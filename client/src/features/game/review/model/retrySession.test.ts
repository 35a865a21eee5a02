import { describe, expect, it } from 'vitest';
import type { RetryAnswer, Solution } from '../../../../api/retry';
import { canTry, counterText, isFinished, openPly, retryReducer, startSession, summaryText, verdictText } from './retrySession';

const SOLUTION: Solution = { best: { uci: 'g7g6', san: 'g6' }, eval: { cp: -20 }, line: ['g6', 'Qf3', 'Nf6'] };
const answer = (verdict: RetryAnswer['verdict'], san = 'Nd4', pointsLost = 0.5): RetryAnswer => ({
  verdict,
  tried: { uci: 'c6d4', san },
  pointsLost,
  loss: null,
  solution: verdict === 'solved' ? SOLUTION : null,
});

describe('a retry session', () => {
  it('opens at the first puzzle at or after the ply it starts from, or the first one', () => {
    expect(openPly(startSession([6, 14, 30]))).toBe(6);
    expect(openPly(startSession([6, 14, 30], 10))).toBe(14);
    expect(openPly(startSession([6, 14, 30], 14))).toBe(14);
    expect(openPly(startSession([6, 14, 30], 31))).toBe(6);
  });

  it('counts the open puzzle among all of them', () => {
    let session = startSession([6, 14, 30, 40, 52], 14);
    expect(counterText(session)).toBe('2 / 5');
    session = retryReducer(session, { type: 'next' });
    expect(counterText(session)).toBe('3 / 5');
  });

  it('holds no solution while the puzzle is open: a wrong or a not-quite try lets the player try again', () => {
    let session = startSession([6]);
    expect(canTry(session)).toBe(true);
    expect(verdictText(session)).toBeNull();
    session = retryReducer(session, { type: 'answered', ply: 6, answer: answer('wrong') });
    expect(session.status).toBe('wrong');
    expect(verdictText(session)).toBe('Wrong: try again');
    expect(session.solution).toBeNull();
    expect(canTry(session)).toBe(true);
    session = retryReducer(session, { type: 'answered', ply: 6, answer: answer('not_quite', 'Qe7', 0.064) });
    expect(verdictText(session)).toBe('Not quite: 0.06 points worse than the best move… try again');
    expect(session.lastTry).toEqual({ san: 'Qe7', pointsLost: 0.064, loss: null });
    expect(session.solution).toBeNull();
    expect(canTry(session)).toBe(true);
  });

  it('shows the solution once solved, locks the puzzle and counts it', () => {
    let session = startSession([6, 14]);
    session = retryReducer(session, { type: 'answered', ply: 6, answer: answer('solved', 'g6', 0) });
    expect(session.status).toBe('solved');
    expect(verdictText(session)).toBe('Solved');
    expect(session.solution).toEqual(SOLUTION);
    expect(canTry(session)).toBe(false);
    expect(session.solvedCount).toBe(1);
    // A second answer to the solved puzzle (a double click) changes nothing.
    expect(retryReducer(session, { type: 'answered', ply: 6, answer: answer('wrong') })).toBe(session);
  });

  it('shows the solution once revealed, without counting the puzzle as solved', () => {
    let session = startSession([6, 14]);
    session = retryReducer(session, { type: 'answered', ply: 6, answer: answer('wrong') });
    session = retryReducer(session, { type: 'revealed', ply: 6, solution: SOLUTION });
    expect(session.status).toBe('revealed');
    expect(session.solution).toEqual(SOLUTION);
    expect(verdictText(session)).toBeNull();
    expect(canTry(session)).toBe(false);
    expect(session.solvedCount).toBe(0);
  });

  it('starts the next puzzle afresh after a skip or a next, and finishes after the last', () => {
    let session = startSession([6, 14]);
    session = retryReducer(session, { type: 'answered', ply: 6, answer: answer('wrong') });
    session = retryReducer(session, { type: 'next' });
    expect(openPly(session)).toBe(14);
    expect(session).toMatchObject({ status: 'trying', lastTry: null, solution: null });
    session = retryReducer(session, { type: 'answered', ply: 14, answer: answer('solved', 'g6', 0) });
    session = retryReducer(session, { type: 'next' });
    expect(isFinished(session)).toBe(true);
    expect(canTry(session)).toBe(false);
    expect(openPly(session)).toBeUndefined();
    expect(counterText(session)).toBe('2 / 2');
    expect(summaryText(session)).toBe('You solved 1 of 2.');
    expect(retryReducer(session, { type: 'next' })).toBe(session);
  });

  it('drops an answer or a reveal for a puzzle that is no longer open (a slow request after Skip)', () => {
    let session = startSession([6, 14]);
    session = retryReducer(session, { type: 'next' });
    expect(retryReducer(session, { type: 'answered', ply: 6, answer: answer('solved', 'g6', 0) })).toBe(session);
    expect(retryReducer(session, { type: 'revealed', ply: 6, solution: SOLUTION })).toBe(session);
  });
});
