import type { Color } from '../chess/types';
import { parseAnalysisEvent } from './analysis';
import type { AnalysisEvent } from './analysisTypes';
import { isCount, isRecord, parseJson } from './json';
import { parseScore } from './score';
import type { Candidate, GameView, PlayedMove, Thinking } from './types';

/**
 * The game's live event stream (`GET /api/games/{id}/events`, Server-Sent Events): `game` events
 * carry the whole GameView after every change, `thinking` events the opponent's (Stockfish's search
 * progress, or the human moves a Maia step weighs), and
 * `analysis` events the post-game analysis, one ply at a time. One connection per game carries all
 * three. Event data is parsed here, at the edge, into typed values; anything malformed is dropped.
 */

/** `open`: events flow; `connecting`: (re)connecting by itself; `unavailable`: no stream (older server, 404). */
export type StreamState = 'connecting' | 'open' | 'unavailable';

export interface GameEventHandlers {
  onGame: (view: GameView) => void;
  onThinking: (thinking: Thinking) => void;
  onAnalysis: (event: AnalysisEvent) => void;
  onState: (state: StreamState) => void;
}

export function eventsUrl(id: string): string {
  return `/api/games/${encodeURIComponent(id)}/events`;
}

/**
 * Subscribes to one game's events and returns the function that closes the subscription.
 * EventSource reconnects by itself after a network drop; a 404 or a non-stream answer closes it for
 * good, which is reported as `unavailable` so the caller falls back to fetching.
 */
export function openGameEvents(id: string, handlers: GameEventHandlers): () => void {
  if (typeof EventSource === 'undefined') {
    handlers.onState('unavailable');
    return () => {};
  }
  const source = new EventSource(eventsUrl(id));
  handlers.onState('connecting');
  source.addEventListener('open', () => handlers.onState('open'));
  source.addEventListener('error', () => handlers.onState(source.readyState === EventSource.CLOSED ? 'unavailable' : 'connecting'));
  source.addEventListener('game', (event) => {
    const view = parseGameEvent((event as MessageEvent<string>).data);
    if (view) handlers.onGame(view);
  });
  source.addEventListener('thinking', (event) => {
    const thinking = parseThinkingEvent((event as MessageEvent<string>).data);
    if (thinking) handlers.onThinking(thinking);
  });
  source.addEventListener('analysis', (event) => {
    const analysis = parseAnalysisEvent((event as MessageEvent<string>).data);
    if (analysis) handlers.onAnalysis(analysis);
  });
  return () => source.close();
}

const isColor = (value: unknown): value is Color => value === 'white' || value === 'black';

/** A move as the board draws it: its UCI and the server's FEN of the position after it. */
function isMove(move: unknown): move is PlayedMove {
  if (!move || typeof move !== 'object') return false;
  const { uci, fen_after } = move as { uci?: unknown; fen_after?: unknown };
  return typeof uci === 'string' && typeof fen_after === 'string';
}

/** A `game` event's GameView, checked for the fields the screen relies on. */
export function parseGameEvent(data: string): GameView | undefined {
  const json = parseJson(data);
  if (!json) return undefined;
  const { id, fen, initial_fen, ply, version, status, turn, player_color, moves, legal_moves } = json;
  const valid =
    typeof id === 'string' &&
    typeof fen === 'string' &&
    typeof initial_fen === 'string' &&
    isCount(ply) &&
    isCount(version) &&
    (status === 'ongoing' || status === 'finished' || status === 'aborted') &&
    isColor(turn) &&
    isColor(player_color) &&
    Array.isArray(moves) &&
    moves.length === ply &&
    moves.every(isMove) &&
    Array.isArray(legal_moves) &&
    legal_moves.every(isMove);
  return valid ? (json as unknown as GameView) : undefined;
}

/** A `thinking` event, by its `kind`: Stockfish's search (`nodes`, `nps` and `pv` optional extras, the rest required) or a Maia step's candidates. */
export function parseThinkingEvent(data: string): Thinking | undefined {
  const json = parseJson(data);
  if (!json) return undefined;
  const score = parseScore(json.score);
  const { kind, ply, depth, target_depth } = json;
  if (!score || !isCount(ply)) return undefined;
  const pv = Array.isArray(json.pv) ? json.pv.filter((san): san is string => typeof san === 'string') : [];
  if (kind === 'human') {
    const candidates = Array.isArray(json.candidates) ? json.candidates.filter(isCandidate) : [];
    return candidates.length > 0 ? { kind, ply, score, pv, candidates } : undefined;
  }
  if (kind !== 'engine' || !isCount(depth) || !isCount(target_depth)) return undefined;
  return {
    kind,
    ply,
    depth,
    targetDepth: target_depth,
    score,
    nodes: isCount(json.nodes) ? json.nodes : 0,
    nps: isCount(json.nps) ? json.nps : 0,
    pv,
  };
}

/** One of Maia's candidates: its SAN, UCI and probability. */
function isCandidate(candidate: unknown): candidate is Candidate {
  if (!isRecord(candidate)) return false;
  const { san, uci, probability } = candidate;
  return typeof san === 'string' && typeof uci === 'string' && typeof probability === 'number';
}
