import { requestJson } from '../../../api/http';
import { ApiError } from '../../../api/apiError';
import { isRecord } from '../../../api/json';
import type { HumanMove, HumanMoves } from '../../../api/types';
import { MAX_SENT_MOVES, type ExploreTarget } from './exploreStream';

/**
 * "What would a 1500 play here?" (`GET /api/explore/human`): the moves a Maia network trained on one
 * lichess rating band gives the most weight to. The answer is checked here, at the edge: a reply that
 * breaks the contract is a `bad_response`, never a half-drawn list.
 */

/** The bands the server has networks for: lichess players rated `band` to `band + 99`. */
export const HUMAN_BANDS = [1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900] as const;
export type HumanBand = (typeof HUMAN_BANDS)[number];
export const DEFAULT_BAND: HumanBand = 1500;
/** How many moves the panel lists (the server gives 1 to 5). */
export const HUMAN_MOVE_COUNT = 5;

/**
 * The address for one position. The game's moves go with it when the path is not too long, as for
 * the engine: the network reads the last eight positions, and players answer a position differently
 * depending on how it came about.
 */
export function humanMovesUrl(target: ExploreTarget, band: HumanBand): string {
  const withMoves = target.moves.length > 0 && target.moves.length <= MAX_SENT_MOVES;
  const position: Record<string, string> = withMoves ? { fen: target.start, moves: target.moves.join(',') } : { fen: target.fen };
  const query = new URLSearchParams({ ...position, band: String(band), count: String(HUMAN_MOVE_COUNT) });
  return `/api/explore/human?${query.toString()}`;
}

export async function getHumanMoves(target: ExploreTarget, band: HumanBand, signal?: AbortSignal): Promise<HumanMoves> {
  const parsed = parseHumanMoves(await requestJson<unknown>(humanMovesUrl(target, band), { signal }));
  if (!parsed) throw new ApiError(200, 'bad_response', 'the server sent human moves we cannot read');
  return parsed;
}

const isProbability = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 1;

function parseMove(value: unknown): HumanMove | undefined {
  if (!isRecord(value)) return undefined;
  const { uci, san, probability } = value;
  if (typeof uci !== 'string' || typeof san !== 'string' || !isProbability(probability)) return undefined;
  return { uci, san, probability };
}

/** The whole answer, or undefined when any part of it breaks the contract. */
export function parseHumanMoves(value: unknown): HumanMoves | undefined {
  if (!isRecord(value) || typeof value.band !== 'number' || !Array.isArray(value.moves)) return undefined;
  const moves = value.moves.map(parseMove);
  if (!moves.every((move): move is HumanMove => move !== undefined)) return undefined;
  return { band: value.band, moves };
}
