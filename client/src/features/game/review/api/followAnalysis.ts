import { getAnalysis, openAnalysisEvents, requestAnalysis } from '../../../../api/analysis';
import type { Analysis } from '../../../../api/analysisTypes';
import { eventAsAnalysis, isSettled, mergeAnalysis } from '../model/mergeAnalysis';

/** The endpoints the follower uses; tests pass fakes. */
export interface AnalysisApi {
  get: typeof getAnalysis;
  request: typeof requestAnalysis;
  open: typeof openAnalysisEvents;
}

const SERVER: AnalysisApi = { get: getAnalysis, request: requestAnalysis, open: openAnalysisEvents };

/** How often to ask while the analysis runs and no event stream is open. */
export const POLL_INTERVAL_MS = 2000;

export interface FollowOptions {
  id: string;
  /** The game's secret: with it, an analysis never asked for is asked for. */
  token?: string;
  /** Ask at once instead of looking first: the retry after a failure. Needs the token. */
  request?: boolean;
  /** Every new state of the analysis; null when there is none and none can be asked for (yet). */
  onAnalysis: (analysis: Analysis | null) => void;
  onError: (error: unknown) => void;
}

/**
 * Follows one game's analysis from the first look until it is done or failed, and returns the
 * function that stops everything it started (the request in flight, the stream, the poll timer).
 *
 * 1. Look (GET); if there is none and we hold the token, ask for it (POST).
 * 2. Unless that answer is settled, open the event stream and fold in each `analysis` event. Each
 *    time the stream opens, GET once to catch up on what was sent before it was listening.
 * 3. While the stream is not open (connecting, or never available) and the analysis is queued or
 *    running, GET every `POLL_INTERVAL_MS`.
 * 4. When an event says done, close the stream and GET the finished analysis once: events carry one
 *    ply each, and any missed while the stream was down would otherwise stay missing.
 * With no analysis and no token the stream stays open: one that starts by itself shows up.
 */
export function followAnalysis(options: FollowOptions, api: AnalysisApi = SERVER): () => void {
  const { id, token } = options;
  const controller = new AbortController();
  let stopped = false;
  let known: Analysis | null = null;
  let closeStream: (() => void) | undefined;
  let streamOpen = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const settled = () => known !== null && isSettled(known.status);

  function quiet() {
    closeStream?.();
    closeStream = undefined;
    streamOpen = false;
    clearTimeout(timer);
    timer = undefined;
  }

  function accept(update: Analysis) {
    if (stopped) return;
    known = mergeAnalysis(known, update);
    options.onAnalysis(known);
    if (settled()) quiet();
    else schedulePoll();
  }

  function schedulePoll() {
    if (stopped || streamOpen || timer !== undefined || !known || settled()) return;
    timer = setTimeout(() => {
      timer = undefined;
      void refresh();
    }, POLL_INTERVAL_MS);
  }

  /** One GET folded in; a failure is left to the next poll (the first look reports its own). */
  async function refresh() {
    try {
      const latest = await api.get(id, controller.signal);
      if (latest) accept(latest);
      else schedulePoll();
    } catch {
      schedulePoll();
    }
  }

  function follow() {
    if (stopped || settled() || closeStream) return;
    closeStream = api.open(id, {
      onAnalysis: (event) => {
        if (stopped) return;
        const finishing = event.status === 'done' && known?.status !== 'done';
        accept(eventAsAnalysis(event));
        if (finishing) void refresh();
      },
      onState: (state) => {
        if (stopped) return;
        const opened = state === 'open' && !streamOpen;
        streamOpen = state === 'open';
        if (state === 'unavailable') {
          closeStream?.();
          closeStream = undefined;
        }
        if (opened) {
          clearTimeout(timer);
          timer = undefined;
          void refresh();
        } else schedulePoll();
      },
    });
  }

  async function start() {
    try {
      let first = options.request && token ? await api.request(id, token, controller.signal) : await api.get(id, controller.signal);
      if (!first && token && !stopped) first = await api.request(id, token, controller.signal);
      if (stopped) return;
      if (first) accept(first);
      else if (!known) options.onAnalysis(null);
    } catch (error) {
      if (stopped) return;
      options.onError(error);
    }
    // After an error too: the stream's catch-up GET recovers from a passing network failure.
    follow();
  }

  void start();
  return () => {
    stopped = true;
    controller.abort();
    quiet();
  };
}
