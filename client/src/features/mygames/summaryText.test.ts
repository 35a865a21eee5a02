import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../../api/types';
import { START } from '../../test/fixtures';
import { createdText, summaryOutcome } from './summaryText';

const SUMMARY: GameSummary = {
  id: 'g',
  player_color: 'white',
  level: 3,
  status: 'ongoing',
  result: '*',
  reason: null,
  winner: null,
  ply: 0,
  fen: START,
  variant: 'standard',
  opening: null,
  clock: null,
  last_move_san: null,
};

describe('a game in the list', () => {
  it("tells a finished PGN opened for review by colour, not as the player's loss to Stockfish", () => {
    const lost = { ...SUMMARY, status: 'finished' as const, result: '0-1', reason: 'checkmate' as const, winner: 'black' as const };
    expect(summaryOutcome(lost)).toBe('Stockfish won by checkmate');
    expect(summaryOutcome({ ...lost, players: { white: 'Anna', black: null } })).toBe('Black won by checkmate');
  });

  it('says whose move it is in an ongoing game', () => {
    expect(summaryOutcome(SUMMARY)).toBe('Ongoing: your move');
    expect(summaryOutcome({ ...SUMMARY, player_color: 'black' })).toBe('Ongoing: Stockfish to move');
  });

  it("says how a finished game ended from the player's side", () => {
    expect(summaryOutcome({ ...SUMMARY, status: 'finished', result: '1-0', reason: 'checkmate', winner: 'white' })).toBe(
      'You won by checkmate',
    );
    expect(summaryOutcome({ ...SUMMARY, status: 'finished', result: '0-1', reason: 'timeout', winner: 'black' })).toBe(
      'Stockfish won (White lost on time)',
    );
    expect(summaryOutcome({ ...SUMMARY, status: 'finished', result: '0-1', reason: 'resignation', winner: 'black' })).toBe(
      'Stockfish won (You resigned)',
    );
    expect(summaryOutcome({ ...SUMMARY, status: 'aborted' })).toBe('Aborted');
  });

  it('has a date, or says it is unknown', () => {
    expect(createdText(null)).toBe('date unknown');
    expect(createdText(Date.UTC(2026, 0, 2, 3, 4), 'en-GB')).toMatch(/2026/);
  });
});
