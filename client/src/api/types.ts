import type { Color, PromotionRole, SquareName } from '../chess/types';
import type { components } from './schema';

/**
 * The client's names for the server's JSON, over the types generated from its OpenAPI document
 * (`schema.d.ts`, `npm run api:generate`). Where the document says `string` for a value the server
 * only ever fills from a closed set (a square, a promotion role, a side), the name narrows it to the
 * chess vocabulary in `chess/types.ts`; everything else is the server's type as is.
 */
type Schemas = components['schemas'];

/** A played move: its UCI, its SAN, and the position after it (the board shows it without knowing the rules). */
export type PlayedMove = Schemas['MoveView'];

/** A legal move with its squares, as the board needs it. */
export type LegalMove = Omit<Schemas['LegalMoveView'], 'from' | 'to' | 'promotion'> & {
  from: SquareName;
  to: SquareName;
  promotion?: PromotionRole | null;
};

/** The JSON the server sends for a game; field names are the server's. */
export type GameView = Omit<Schemas['GameView'], 'legal_moves' | 'last_move'> & {
  legal_moves: LegalMove[];
  last_move?: LegalMove | null;
};

/** How a finished game ended. Live play never reaches fivefold, seventy-five moves or agreement. */
export type GameEndReason = Schemas['Reason'];

/** The side the player asks for when starting a game. */
export type ColorChoice = Color | 'random';

/** The body of `POST /api/games`; the document has `color` as a string, the server accepts these three. */
export type NewGameRequest = Omit<Schemas['CreateGameRequest'], 'color'> & { color: ColorChoice };

export type CreatedGame = Omit<Schemas['CreatedGame'], 'game'> & { game: GameView };

export type Hint = Schemas['Hint'];

/** The opening a game's moves reached, as the server names it: `{eco: 'B90', name: 'Sicilian Defense: Najdorf Variation'}`. */
export type Opening = Schemas['Opening'];

/** An engine score from white's point of view: centipawns, or mate in n (negative: black mates). */
export type Score = Schemas['ScoreView'];

/** One progress report of Stockfish's search for the game's reply (the `thinking` event), as `events.ts` parses it. */
export type Thinking = Omit<Schemas['Thinking'], 'target_depth'> & {
  /** The depth the search stops at (`target_depth` on the wire). */
  targetDepth: Schemas['Thinking']['target_depth'];
};

/** A game's clocks as of the moment the view was made: the side `running` counts down from there. */
export type Clock = Schemas['Clock'];

/** The `clock` of a new game: minutes as seconds, and the increment per move. */
export type TimeControl = Schemas['TimeControl'];

/** A game's public facts, for the "My games" list (`GET /api/games?ids=`). */
export type GameSummary = Schemas['GameSummary'];

/** What `POST /api/positions` says of a pasted FEN or PGN: the position a game would start from. */
export type PositionPreview = Schemas['PositionPreview'];

/** The body of `POST /api/positions`: exactly one of the two. */
export type PositionRequest = { fen: string } | { pgn: string };

/** A code in the server's error body `{"error": code, "message": ...}`. */
export type ServerErrorCode = Schemas['ErrorCode'];
