import type { GameView, LegalMove, PlayedMove } from '../api/types';

/** Positions and GameViews for the unit tests, as the server sends them (FENs checked against python-chess). */

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

export const E4: PlayedMove = { uci: 'e2e4', san: 'e4', fen_after: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1' };
export const E5: PlayedMove = { uci: 'e7e5', san: 'e5', fen_after: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2' };

/** A legal move as the server lists it: squares and promotion spelled out from its UCI. */
export const legalMove = ({ uci, san, fen_after }: PlayedMove): LegalMove => ({
  uci,
  san,
  from: uci.slice(0, 2) as LegalMove['from'],
  to: uci.slice(2, 4) as LegalMove['to'],
  promotion: (uci[4] as LegalMove['promotion']) ?? null,
  fen_after,
});

/** A new game with the player as white, before any move. */
export const START_VIEW: GameView = {
  id: 'g',
  version: 1,
  fen: START,
  initial_fen: START,
  variant: 'standard',
  chess960_position: null,
  player_color: 'white',
  turn: 'white',
  ply: 0,
  level: 7,
  step: { level: 7, name: 'Club player', rating: 1331, low: 1267, high: 1396, games: 235 },
  status: 'ongoing',
  result: '*',
  reason: null,
  winner: null,
  check: false,
  last_move: null,
  moves: [],
  legal_moves: [],
  engine_thinking: false,
  can_take_back: false,
  rated: true,
  can_abort: true,
  can_claim_draw: false,
  review: 'none',
  clock: null,
};

/** After 1. e4, while Stockfish searches its reply (one of black's legal moves listed). */
export const AFTER_E4_VIEW: GameView = {
  ...START_VIEW,
  fen: E4.fen_after,
  turn: 'black',
  ply: 1,
  last_move: legalMove(E4),
  moves: [E4],
  legal_moves: [legalMove(E5)],
  engine_thinking: true,
  // the move, then Stockfish starting to think
  version: 3,
  can_take_back: true,
  can_abort: false,
};
