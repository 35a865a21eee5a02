import { getSummaries, MAX_SUMMARY_IDS } from './games';
import type { GameSummary } from './types';

/** `items` in runs of at most `size`, in order. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}

/**
 * The summaries of any number of games: one request per hundred ids (the server's cap), all at
 * once, answers in the order asked; games the server no longer has are left out.
 */
export async function getAllSummaries(ids: readonly string[], signal?: AbortSignal): Promise<GameSummary[]> {
  const answers = await Promise.all(chunk(ids, MAX_SUMMARY_IDS).map((run) => getSummaries(run, signal)));
  return answers.flat();
}
