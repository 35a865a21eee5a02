import { parseUci } from '../chess/placement';
import { ApiError } from './apiError';
import type {
  AnalysedPly,
  Analysis,
  AnalysisEvent,
  AnalysisProgress,
  AnalysisStatus,
  Explanation,
  Judgment,
  KeyMoment,
  KeyMoments,
  MoveClass,
  PhaseAccuracy,
  SideSummary,
} from './analysisTypes';
import { requestJson } from './http';
import { isCount, isRecord, parseJson } from './json';
import { parseScore } from './score';

/**
 * The post-game analysis endpoints and its `analysis` events. Everything the server sends is
 * checked here, at the edge: an answer that does not match the contract is a `bad_response`, an
 * event that does not is dropped, and a single malformed ply is left out rather than sinking the rest.
 */

function analysisPath(id: string): string {
  return `/api/games/${encodeURIComponent(id)}/analysis`;
}

/**
 * The game's analysis, or null when none was ever requested. Any 404 means "nothing to show": the
 * server says `analysis_not_found`, and a server older than the analysis has no such route at all.
 */
export async function getAnalysis(id: string, signal?: AbortSignal): Promise<Analysis | null> {
  try {
    return checked(await requestJson<unknown>(analysisPath(id), { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Asks for the analysis of a finished game; idempotent, the answer is the analysis as it stands.
 * Null from a server older than the analysis, which has no such route (`not_found`, not the
 * `wrong_token` of a token that is not the game's): there is nothing to show, and nothing went wrong.
 */
export async function requestAnalysis(id: string, token: string, signal?: AbortSignal): Promise<Analysis | null> {
  try {
    return checked(await requestJson<unknown>(analysisPath(id), { method: 'POST', token, signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code === 'not_found') return null;
    throw error;
  }
}

function checked(payload: unknown): Analysis {
  const analysis = parseAnalysis(payload);
  if (!analysis) throw new ApiError(200, 'bad_response', 'the server sent an analysis we cannot read');
  return analysis;
}

/** An `analysis` event's data; undefined when it is not JSON or breaks the contract. */
export function parseAnalysisEvent(data: string): AnalysisEvent | undefined {
  const json = parseJson(data);
  if (!json) return undefined;
  const status = parseStatus(json.status);
  const progress = parseProgress(json.progress);
  const ply = json.ply == null ? null : parsePly(json.ply);
  const accuracy = parseAccuracy(json.accuracy);
  const summary = parseSummary(json.summary);
  const key_moments = parseKeyMoments(json.key_moments);
  const phases = parsePhases(json.phases);
  if (!status || !progress || ply === undefined || accuracy === undefined || summary === undefined) return undefined;
  if (key_moments === undefined || phases === undefined) return undefined;
  return { status, progress, ply, accuracy, summary, key_moments, phases };
}

/** A whole analysis, as GET and POST answer it; plies that break the contract are left out. */
export function parseAnalysis(value: unknown): Analysis | undefined {
  if (!isRecord(value) || !Array.isArray(value.plies)) return undefined;
  const status = parseStatus(value.status);
  const progress = parseProgress(value.progress);
  const accuracy = parseAccuracy(value.accuracy);
  const summary = parseSummary(value.summary);
  const key_moments = parseKeyMoments(value.key_moments);
  const phases = parsePhases(value.phases);
  if (!status || !progress || accuracy === undefined || summary === undefined) return undefined;
  if (key_moments === undefined || phases === undefined) return undefined;
  const plies = value.plies.map(parsePly).filter((ply): ply is AnalysedPly => ply !== undefined);
  return { status, progress, plies, accuracy, summary, key_moments, phases };
}

const isPercent = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 100;

const STATUSES: readonly AnalysisStatus[] = ['queued', 'running', 'done', 'failed'];
const JUDGMENTS: readonly Judgment[] = ['inaccuracy', 'mistake', 'blunder'];

function parseStatus(value: unknown): AnalysisStatus | undefined {
  return STATUSES.find((status) => status === value);
}

/**
 * A server from before the quick pass (issue #24) sends no `quick`: every position it has answered
 * is final, so `quick` is `done`. `quick` is never below `done` (a final evaluation is at least a
 * provisional one).
 */
function parseProgress(value: unknown): AnalysisProgress | undefined {
  if (!isRecord(value) || !isCount(value.done) || !isCount(value.total)) return undefined;
  const { done, total } = value;
  if (value.quick === undefined) return { done, quick: done, total };
  if (!isCount(value.quick)) return undefined;
  return { done, quick: Math.max(value.quick, done), total };
}

/** A search figure (`depth`, `nodes`): a count, or null (no search needed, or a server from before issue #24). */
function parseSearchCount(value: unknown): number | null | undefined {
  if (value == null) return null;
  return isCount(value) ? value : undefined;
}

/**
 * One analysed ply; `best` must be a move the board can draw (a UCI with two real squares). A ply
 * without `provisional` comes from a server from before the quick pass (issue #24): it is final.
 */
function parsePly(value: unknown): AnalysedPly | undefined {
  if (!isRecord(value)) return undefined;
  const { ply, best, pv_san, judgment, provisional = false } = value;
  const depth = parseSearchCount(value.depth);
  const nodes = parseSearchCount(value.nodes);
  if (typeof provisional !== 'boolean' || depth === undefined || nodes === undefined) return undefined;
  const score = parseScore(value.eval);
  if (typeof ply !== 'number' || !Number.isInteger(ply) || ply < 1 || !score) return undefined;
  if (!Array.isArray(pv_san) || !pv_san.every((san) => typeof san === 'string')) return undefined;
  const mark = judgment === null ? null : JUDGMENTS.find((known) => known === judgment);
  if (mark === undefined) return undefined;
  let bestMove: AnalysedPly['best'] = null;
  if (best !== null) {
    if (!isRecord(best) || typeof best.uci !== 'string' || typeof best.san !== 'string' || !parseUci(best.uci)) return undefined;
    bestMove = { uci: best.uci, san: best.san };
  }
  const moveClass = value.class == null ? null : MOVE_CLASSES.find((known) => known === value.class);
  const pointsLost = value.points_lost == null ? null : isPoints(value.points_lost) ? value.points_lost : undefined;
  const explanation = parseExplanation(value.explanation);
  if (moveClass === undefined || pointsLost === undefined || explanation === undefined) return undefined;
  return {
    ply,
    eval: score,
    best: bestMove,
    pv_san,
    judgment: mark,
    provisional,
    depth,
    nodes,
    class: moveClass,
    points_lost: pointsLost,
    explanation,
  };
}

const MOVE_CLASSES: readonly MoveClass[] = ['book', 'great', 'best', 'excellent', 'good', 'inaccuracy', 'mistake', 'blunder', 'miss'];
/** Every kind the server sends, checked against its schema: a new kind fails the typecheck here. */
const EXPLANATION_KIND_SET: Record<Explanation['kind'], true> = {
  allows_mate: true,
  misses_mate: true,
  hangs_piece: true,
  allows_fork: true,
  allows_pin: true,
  allows_skewer: true,
  allows_promotion: true,
  misses_material: true,
  loses_material: true,
  better_move: true,
};
const EXPLANATION_KINDS = Object.keys(EXPLANATION_KIND_SET) as Explanation['kind'][];
const MOMENT_KINDS: readonly KeyMoment['kind'][] = ['last_book', 'swing', 'missed_win'];

/** Expected points, 0 to 1. */
const isPoints = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 1;
const isSanList = (value: unknown): value is string[] => Array.isArray(value) && value.every((san) => typeof san === 'string');

/** A checked sentence with the line it rests on, or null (no rule fits, or a server before issue #25). */
function parseExplanation(value: unknown): Explanation | null | undefined {
  if (value == null) return null;
  if (!isRecord(value)) return undefined;
  const { sentence, line, from_ply } = value;
  const kind = EXPLANATION_KINDS.find((known) => known === value.kind);
  if (!kind || typeof sentence !== 'string' || !isSanList(line) || !isCount(from_ply)) return undefined;
  return { kind, sentence, line, from_ply };
}

/** Each side's key moments, or null until done; a moment that breaks the contract sinks the list. */
function parseKeyMoments(value: unknown): KeyMoments | null | undefined {
  if (value == null) return null;
  if (!isRecord(value)) return undefined;
  const white = parseMoments(value.white);
  const black = parseMoments(value.black);
  return white && black ? { white, black } : undefined;
}

function parseMoments(value: unknown): KeyMoment[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const moments: KeyMoment[] = [];
  for (const item of value) {
    if (!isRecord(item) || !isCount(item.ply) || item.ply < 1 || !isPoints(item.points_lost)) return undefined;
    const kind = MOMENT_KINDS.find((known) => known === item.kind);
    const moveClass = MOVE_CLASSES.find((known) => known === item.class);
    if (!kind || !moveClass) return undefined;
    moments.push({ ply: item.ply, kind, class: moveClass, points_lost: item.points_lost });
  }
  return moments;
}

/** Accuracy by phase, or null until done. */
function parsePhases(value: unknown): PhaseAccuracy | null | undefined {
  if (value == null) return null;
  if (!isRecord(value) || !isRecord(value.division)) return undefined;
  const { middlegame, endgame } = value.division;
  const boundary = (ply: unknown) => (ply == null ? null : isCount(ply) ? ply : undefined);
  const division = { middlegame: boundary(middlegame), endgame: boundary(endgame) };
  if (division.middlegame === undefined || division.endgame === undefined) return undefined;
  const opening = parseAccuracy(value.opening);
  const middle = parseAccuracy(value.middlegame);
  const end = parseAccuracy(value.endgame);
  if (!opening || !middle || !end) return undefined;
  return { division: { middlegame: division.middlegame, endgame: division.endgame }, opening, middlegame: middle, endgame: end };
}

/** Null (not done yet) or a percentage per side, each possibly null (a side that made no move). */
function parseAccuracy(value: unknown): Analysis['accuracy'] | undefined {
  if (value == null) return null;
  if (!isRecord(value)) return undefined;
  const white = value.white ?? null;
  const black = value.black ?? null;
  if ((white !== null && !isPercent(white)) || (black !== null && !isPercent(black))) return undefined;
  return { white, black };
}

function parseSummary(value: unknown): Analysis['summary'] | undefined {
  if (value == null) return null;
  if (!isRecord(value)) return undefined;
  const white = parseSideSummary(value.white);
  const black = parseSideSummary(value.black);
  return white && black ? { white, black } : undefined;
}

function parseSideSummary(value: unknown): SideSummary | undefined {
  if (!isRecord(value)) return undefined;
  const { inaccuracies, mistakes, blunders, acpl } = value;
  if (!isCount(inaccuracies) || !isCount(mistakes) || !isCount(blunders) || !isCount(acpl)) return undefined;
  return { inaccuracies, mistakes, blunders, acpl };
}
