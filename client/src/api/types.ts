import type { Color, PromotionRole, SquareName } from '../chess/types';

/** The JSON the server sends for a game (see the HTTP contract); field names are the server's. */
export interface GameView {
  id: string;
  fen: string;
  initial_fen: string;
  player_color: Color;
  turn: Color;
  ply: number;
  level: number;
  status: 'ongoing' | 'finished';
  result: '1-0' | '0-1' | '1/2-1/2' | '*';
  reason: GameEndReason | null;
  winner: Color | null;
  check: boolean;
  last_move: LegalMove | null;
  moves: PlayedMove[];
  legal_moves: LegalMove[];
  /** True while Stockfish searches this game's reply; missing from servers older than the event stream. */
  engine_thinking?: boolean;
}

export type GameEndReason =
  | 'checkmate'
  | 'stalemate'
  | 'threefold_repetition'
  | 'fifty_move_rule'
  | 'insufficient_material'
  | 'resignation'
  // The server can name these, though live play never reaches them (it ends on threefold and
  // fifty moves, and offers no draw by agreement).
  | 'fivefold_repetition'
  | 'seventy_five_move_rule'
  | 'agreement';

export interface PlayedMove {
  uci: string;
  san: string;
  /** The position after the move, computed by the server: the board shows it without knowing the rules. */
  fen_after: string;
}

export interface LegalMove extends PlayedMove {
  from: SquareName;
  to: SquareName;
  promotion: PromotionRole | null;
}

export type ColorChoice = Color | 'random';

export interface NewGameRequest {
  color: ColorChoice;
  level?: number;
  fen?: string;
  pgn?: string;
}

export interface CreatedGame {
  id: string;
  token: string;
  game: GameView;
}

export interface Hint {
  uci: string;
  san: string;
}

/** An engine score from white's point of view: centipawns, or mate in n (negative: black mates). */
export type Score = { cp: number } | { mate: number };

/** One progress report of Stockfish's search for the game's reply (the `thinking` event). */
export interface Thinking {
  /** The game's ply the search is for. */
  ply: number;
  depth: number;
  targetDepth: number;
  score: Score;
  nodes: number;
  nps: number;
  /** The principal variation in SAN, from the searched position. */
  pv: string[];
}
