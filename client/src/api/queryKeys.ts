import type { PositionRequest, TreeRequest } from './types';

/**
 * Every key of the query cache, in one place: the server state the client holds is this list.
 * Keys of one game share the prefix `['games', id]`, so a game's entries can be named together.
 * The stream (`features/game/api/useGameStream.ts`) writes into `game`, `thinking` and `analysis`.
 */
export const queryKeys = {
  /** The measured ladder (`GET /api/levels`); the same for the whole visit. */
  levels: ['levels'] as const,
  /**
   * A game's `GameView`: loaded once, then replaced by the stream, the answers to our commands and the
   * engine-turn refetch, each only by a newer version (`viewGuard.ts`).
   */
  game: (id: string) => ['games', id] as const,
  /**
   * The mutation key of a game's commands (moves, takeback, resign, draw offer and claim, abort): the
   * stream handlers ask the mutation cache whether one is in flight, and which move it shows.
   */
  gameCommand: (id: string) => ['games', id, 'command'] as const,
  /** The game the start screen offers to resume (the one this browser played last), if still going. */
  resumable: (id: string | null) => ['resumable', id] as const,
  /**
   * The player's rating as the server keeps it for this browser's key (`GET /api/account`), after
   * the game named (if any) once the server counted it: asked each time the start screen or a
   * game-over panel opens.
   */
  rating: (gameId: string | null, status: string | null, rated: number) => ['rating', gameId, status, rated] as const,
  /** Stockfish's search progress for the position it is thinking about; written only by the stream. */
  thinking: (id: string) => ['games', id, 'thinking'] as const,
  /** A finished game's post-game analysis, merged from answers and `analysis` events. */
  analysis: (id: string) => ['games', id, 'analysis'] as const,
  /** The player's own mistakes to retry, listed once the analysis is done (issue #25). */
  retry: (id: string) => ['games', id, 'retry'] as const,
  /**
   * A position's legal moves in the board's `LegalMove` shape (a retry puzzle's board). Its own key: the
   * analysis board keeps the same answer as the server sends it, under `positionMoves`.
   */
  legalMoves: (fen: string) => ['positions', 'legal-moves', fen] as const,
  /** Stockfish's hint for the position at `ply` (a move or a takeback leaves the entry behind). */
  hint: (id: string, ply: number | undefined) => ['games', id, 'hint', ply ?? null] as const,
  /** The player key's practice deck (issue #41): asked on the start screen, after a review and on the practice screen. */
  practice: (key: string | null) => ['practice', key] as const,
  /** The public summaries of the games this browser remembers, as asked for (ids in order). */
  summaries: (ids: readonly string[]) => ['summaries', ids] as const,
  /** The position a pasted FEN or PGN leads to, as the server's parser reads it. */
  positionPreview: (request: PositionRequest | null) => ['positions', request] as const,
  /** A position's legal moves for the analysis board (`POST /api/positions/moves`); a FEN's never change. */
  positionMoves: (fen: string) => ['positions', 'moves', fen] as const,
  /** A rating band's likely moves at a position (`GET /api/explore/human`); the same question always gets the same answer. */
  humanMoves: (band: number, start: string, moves: readonly string[], fen: string) =>
    ['positions', 'human', band, start, moves.join(','), fen] as const,
  /** A game's move tree as the analysis board opened it (the board then holds its own copy). */
  gameTree: (id: string) => ['games', id, 'tree'] as const,
  /** A tree read from a PGN or started at a FEN, for a board not tied to a game. */
  freeTree: (request: TreeRequest) => ['trees', request] as const,
};
