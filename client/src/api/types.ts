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
}

export type GameEndReason =
  | 'checkmate'
  | 'stalemate'
  | 'threefold_repetition'
  | 'fifty_move_rule'
  | 'insufficient_material'
  | 'resignation';

export interface PlayedMove {
  uci: string;
  san: string;
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
