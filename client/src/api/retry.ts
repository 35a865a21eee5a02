import { parseUci } from '../chess/placement';
import type { Color } from '../chess/types';
import { ApiError } from './apiError';
import type { components } from './schema';
import { requestJson } from './http';
import { isRecord } from './json';
import { parseScore } from './score';

/**
 * "Retry your mistakes" (issue #25): the player's own mistakes as positions to play again, and the
 * server's verdict on each try. The server judges with the engine, so the verdict never depends on
 * the device; and it keeps the answer back until the player solves or reveals, so nothing here can
 * spoil it. Every answer is checked at the edge: one that breaks the contract is a `bad_response`.
 */

type Schemas = components['schemas'];

/** A move in both notations. */
export type NamedMove = Schemas['BestMove'];

/** One mistake to try again: the position before the move played, and what that move lost. */
export interface RetryPuzzle {
  /** The ply of the move to find again: the position is the one before it. */
  ply: number;
  fen: string;
  /** The side to move there: the player. */
  turn: Color;
  played: NamedMove;
  /** Expected points (0..1) the move played lost. */
  pointsLost: number;
  /** That loss as a player reads it ("loses about 1.8 pawns (59 % → 43 %)"); null from a server before issue #38. */
  loss: string | null;
}

export type Verdict = Schemas['Verdict'];

/** The engine's answer: given only once the player solved the puzzle or asked for it. */
export type Solution = Schemas['Solution'];

/** The server's verdict on one try. */
export interface RetryAnswer {
  verdict: Verdict;
  tried: NamedMove;
  /** Expected points the try lost against the best move. */
  pointsLost: number;
  /** That loss in words; null from a server before issue #38. */
  loss: string | null;
  /** With `solved` only. */
  solution: Solution | null;
}

function retryPath(id: string, ply?: number, reveal = false): string {
  const base = `/api/games/${encodeURIComponent(id)}/retry`;
  if (ply === undefined) return base;
  return `${base}/${ply}${reveal ? '/reveal' : ''}`;
}

const bad = (what: string) => new ApiError(200, 'bad_response', `the server sent ${what} we cannot read`);

/** The player's mistakes, in game order (409 `analysis_not_done` while the analysis runs). */
export async function getRetryPuzzles(id: string, signal?: AbortSignal): Promise<RetryPuzzle[]> {
  const payload = await requestJson<unknown>(retryPath(id), { signal });
  if (!isRecord(payload) || !Array.isArray(payload.puzzles)) throw bad('a list of mistakes');
  const puzzles = payload.puzzles.map(parsePuzzle);
  if (!puzzles.every((puzzle) => puzzle !== undefined)) throw bad('a mistake');
  return puzzles;
}

/** Plays `move` (UCI or SAN) in the puzzle at `ply` and returns the server's verdict. */
export async function tryRetry(id: string, token: string, ply: number, move: string): Promise<RetryAnswer> {
  const payload = await requestJson<unknown>(retryPath(id, ply), { method: 'POST', token, body: { move } });
  const answer = parseAnswer(payload);
  if (!answer) throw bad('a verdict');
  return answer;
}

/** Gives up on the puzzle at `ply`: the engine's move and line. */
export async function revealRetry(id: string, token: string, ply: number): Promise<Solution> {
  const solution = parseSolution(await requestJson<unknown>(retryPath(id, ply, true), { method: 'POST', token }));
  if (!solution) throw bad('a solution');
  return solution;
}

function parseMove(value: unknown): NamedMove | undefined {
  if (!isRecord(value) || typeof value.uci !== 'string' || typeof value.san !== 'string' || !parseUci(value.uci)) return undefined;
  return { uci: value.uci, san: value.san };
}

const isPoints = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 1;

function parsePuzzle(value: unknown): RetryPuzzle | undefined {
  if (!isRecord(value)) return undefined;
  const { ply, fen, turn, points_lost } = value;
  const played = parseMove(value.played);
  if (typeof ply !== 'number' || !Number.isInteger(ply) || ply < 1 || typeof fen !== 'string') return undefined;
  if ((turn !== 'white' && turn !== 'black') || !played || !isPoints(points_lost)) return undefined;
  const loss = parseLoss(value.loss);
  if (loss === undefined) return undefined;
  return { ply, fen, turn, played, pointsLost: points_lost, loss };
}

/** A loss in words, or null when the server sends none; undefined when it is not text. */
function parseLoss(value: unknown): string | null | undefined {
  if (value == null) return null;
  return typeof value === 'string' ? value : undefined;
}

const VERDICTS: readonly Verdict[] = ['solved', 'not_quite', 'wrong'];

function parseAnswer(value: unknown): RetryAnswer | undefined {
  if (!isRecord(value)) return undefined;
  const verdict = VERDICTS.find((known) => known === value.verdict);
  const tried = parseMove(value.tried);
  const solution = value.solution == null ? null : parseSolution(value.solution);
  if (!verdict || !tried || !isPoints(value.points_lost) || solution === undefined || !parseScore(value.eval)) return undefined;
  const loss = parseLoss(value.loss);
  if (loss === undefined) return undefined;
  return { verdict, tried, pointsLost: value.points_lost, loss, solution };
}

function parseSolution(value: unknown): Solution | undefined {
  if (!isRecord(value)) return undefined;
  const best = parseMove(value.best);
  const score = parseScore(value.eval);
  const { line } = value;
  if (!best || !score || !Array.isArray(line) || !line.every((san) => typeof san === 'string')) return undefined;
  return { best, eval: score, line };
}
