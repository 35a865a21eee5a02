import { isCount, isRecord, parseJson } from '../../../api/json';
import { parseScore } from '../../../api/score';
import type { ExploreEvent, ExploreLine } from '../../../api/types';

/**
 * The live engine's stream (`GET /api/explore`, Server-Sent Events): one per position the board
 * shows, closed when the position changes or the board goes. Event data is parsed here, at the
 * edge, into typed values; anything that breaks the contract is dropped.
 */

/** A board's id for the server: a new stream for the same board stops the old search at once. */
export type BoardId = string;

/** A fresh board id (`[A-Za-z0-9_-]`, 1–64 characters, as the server takes it). */
export function newBoardId(): BoardId {
  return `board-${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;
}

/** The most lines the server searches at once, and the default. */
export const MAX_LINES = 5;
export const DEFAULT_LINES = 3;

/**
 * The most moves sent with a position: past it only the position's FEN goes (a game may have 600
 * plies, and the address would grow long for little: only the moves since the last capture or pawn
 * move change the engine's answer).
 */
export const MAX_SENT_MOVES = 300;

/**
 * What the engine is asked about: the tree's start and the moves to the position, so the server knows
 * the repetitions and answers a position the game's review searched from its cache at once; or, for a
 * long path, the position alone.
 */
export interface ExploreTarget {
  start: string;
  moves: readonly string[];
  fen: string;
}

export function exploreUrl(target: ExploreTarget, lines: number, board: BoardId): string {
  const withMoves = target.moves.length > 0 && target.moves.length <= MAX_SENT_MOVES;
  const query = new URLSearchParams(
    withMoves
      ? { fen: target.start, moves: target.moves.join(','), lines: String(lines), board }
      : { fen: target.fen, lines: String(lines), board },
  );
  return `/api/explore?${query.toString()}`;
}

export interface ExploreHandlers {
  onEvent: (event: ExploreEvent) => void;
  /** The stream could not be opened or broke off before it ended. */
  onError: () => void;
}

/**
 * Opens the stream for one position and returns the function that closes it. It closes by itself
 * after `done`, `stopped` or `failed`: an EventSource reconnects whenever the server ends a stream, and a
 * reconnection here would start the same search again.
 */
export function openExplore(target: ExploreTarget, lines: number, board: BoardId, handlers: ExploreHandlers): () => void {
  if (typeof EventSource === 'undefined') {
    handlers.onError();
    return () => {};
  }
  const source = new EventSource(exploreUrl(target, lines, board));
  let ended = false;
  source.addEventListener('explore', (message) => {
    const event = parseExploreEvent((message as MessageEvent<string>).data);
    if (!event || ended) return;
    if (event.kind === 'done' || event.kind === 'stopped' || event.kind === 'failed') {
      ended = true;
      source.close();
    }
    handlers.onEvent(event);
  });
  source.addEventListener('error', () => {
    if (ended) return;
    // A refusal before the stream (a JSON error answer) closes it for good; a drop mid-search would
    // reconnect and search again from scratch, so it ends here too and the panel says so.
    ended = true;
    source.close();
    handlers.onError();
  });
  return () => {
    ended = true;
    source.close();
  };
}

function parseLine(value: unknown): ExploreLine | undefined {
  if (!isRecord(value)) return undefined;
  const score = parseScore(value.eval);
  const { rank, uci, san } = value;
  if (!score || !isCount(rank) || rank < 1) return undefined;
  if (!Array.isArray(uci) || !uci.every((move) => typeof move === 'string')) return undefined;
  if (!Array.isArray(san) || !san.every((move) => typeof move === 'string') || san.length !== uci.length) return undefined;
  return { rank, eval: score, uci, san };
}

/** An `explore` event's data; undefined when it is not JSON or breaks the contract. */
export function parseExploreEvent(data: string): ExploreEvent | undefined {
  const json = parseJson(data);
  if (!json) return undefined;
  switch (json.kind) {
    case 'waiting':
      return { kind: 'waiting' };
    case 'done':
      return isCount(json.depth) ? { kind: 'done', depth: json.depth } : undefined;
    case 'stopped':
      return json.reason === 'replaced' ? { kind: 'stopped', reason: json.reason } : undefined;
    case 'failed':
      return { kind: 'failed', message: typeof json.message === 'string' ? json.message : '' };
    case 'lines': {
      const { depth, nodes, final, source } = json;
      if (!isCount(depth) || !Array.isArray(json.lines)) return undefined;
      const lines = json.lines.map(parseLine);
      if (!lines.every((line): line is ExploreLine => line !== undefined)) return undefined;
      return {
        kind: 'lines',
        depth,
        nodes: isCount(nodes) ? nodes : 0,
        final: final === true,
        source: source === 'cache' ? 'cache' : 'engine',
        lines: [...lines].sort((a, b) => a.rank - b.rank),
      };
    }
    default:
      return undefined;
  }
}
