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

/** One report of the opponent's thinking about the game's reply (the `thinking` event), as `events.ts` parses it: Stockfish's search, or what a Maia step weighs. */
export type Thinking = EngineThinking | HumanThinking;

/** A progress report of Stockfish's search (`kind: 'engine'`). */
export type EngineThinking = Omit<Schemas['EngineThinking'], 'target_depth'> & {
  /** The depth the search stops at (`target_depth` on the wire). */
  targetDepth: Schemas['EngineThinking']['target_depth'];
};

/** At a step Maia plays (`kind: 'human'`): no search, the human moves it draws its reply from, most likely first; `pv` is the move played. */
export type HumanThinking = Schemas['HumanThinking'];

/** One of Maia's candidate moves, with the share of the band's players the network expects to play it (0–1). */
export type Candidate = Schemas['Candidate'];

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

/** One legal move of a position as `POST /api/positions/moves` lists it, the position after it included. */
export type PositionMove = Schemas['BoardMove'];

/** How a position stands by the rules of the board alone: play on, or the game would be over there. */
export type PositionStatus = Schemas['BoardStatus'];

/** What `POST /api/positions/moves` says of a FEN: its normalised form, who moves, and every legal move. */
export type BoardPosition = Schemas['BoardPosition'];

/** One move of a tree as the client sends it: `parent` is the index of an earlier entry, null for a move from the start. */
export type TreeNodeBody = Schemas['TreeNodeBody'];

/** A move tree as the client sends it, flat: parents before children, the first child of a node its main continuation. */
export type TreeBody = Schemas['TreeBody'];

/** One move of a tree as the server sends it, with what the client would otherwise need the rules for. */
export type TreeNodeView = Schemas['TreeNodeView'];

/** A move tree as the server sends it (same order as `TreeBody`). */
export type TreeView = Schemas['TreeView'];

/** The body of `POST /api/trees`: a PGN with its variations, or an empty tree at a FEN (exactly one). */
export type TreeRequest = { pgn: string } | { fen: string };

/** One line of the live engine (`GET /api/explore`), best first; `eval` is from white's point of view. */
export type ExploreLine = Schemas['ExploreLine'];

/**
 * An `explore` event of `GET /api/explore`, tagged by `kind`: `waiting` (queued behind other
 * searches), `lines` (after each iteration; `final` on the last), `done` (the bound was reached),
 * `stopped` (a newer request for the same board took over) or `failed` (the engine failed).
 */
export type ExploreEvent = Schemas['ExploreEvent'];

/** One move a player of a rating band would choose, with the network's probability (`GET /api/explore/human`). */
export type HumanMove = Schemas['HumanMove'];

/** A band's most likely moves in one position, most likely first. */
export type HumanMoves = Schemas['HumanMovesView'];
