import { useCallback, useEffect, useState } from 'react';
import type { Analysis } from '../../../../api/analysisTypes';
import { followAnalysis } from '../api/followAnalysis';

interface Followed {
  /** Which game and attempt this state belongs to: a state left from another is never shown. */
  key: string;
  analysis: Analysis | null;
  error: unknown;
  /** The first look has answered (with an analysis, with none, or with an error). */
  answered: boolean;
}

const NOTHING: Followed = { key: '', analysis: null, error: null, answered: false };

/**
 * The post-game analysis of a finished game, kept up to date while the server works on it (see
 * `followAnalysis` for how). With the token, an analysis never asked for is asked for. `retry`
 * asks again, for the failed status's button.
 *
 * All the I/O lives in one effect whose cleanup stops all of it, so StrictMode's mount, unmount,
 * mount leaves one stream and one timer, and only the aborted first GET extra.
 */
export function useAnalysis(id: string, token: string | undefined, finished: boolean) {
  const [attempt, setAttempt] = useState(0);
  const [followed, setFollowed] = useState<Followed>(NOTHING);
  const key = `${id}#${attempt}`;

  useEffect(() => {
    if (!finished) return;
    return followAnalysis({
      id,
      token,
      request: attempt > 0,
      onAnalysis: (analysis) => setFollowed({ key, analysis, error: null, answered: true }),
      onError: (error) => setFollowed((last) => ({ key, analysis: last.key === key ? last.analysis : null, error, answered: true })),
    });
  }, [id, token, finished, attempt, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = finished && followed.key === key ? followed : NOTHING;
  return {
    analysis: current.analysis,
    /** Waiting for the first answer: nothing to show yet, not even "no analysis". */
    loading: finished && !current.answered,
    error: current.error,
    retry,
  };
}
