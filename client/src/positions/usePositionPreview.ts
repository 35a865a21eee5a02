import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, describeError } from '../api/apiError';
import { previewPosition } from '../api/games';
import { queryKeys } from '../api/queryKeys';
import type { PositionPreview, PositionRequest } from '../api/types';

/** How long typing must pause before the server is asked. */
const DEBOUNCE_MS = 300;

export type PreviewState =
  { state: 'empty' } | { state: 'loading' } | { state: 'ready'; preview: PositionPreview } | { state: 'invalid'; message: string };

/** The server's parser's words, as a sentence. */
function parserMessage(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'invalid_fen' || error.code === 'invalid_pgn') && error.message) {
    const text = error.message.trim();
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
  }
  return describeError(error);
}

/**
 * The position a FEN or PGN leads to (pasted on the start screen, or built in the board editor), as the server reads it (`POST /api/positions`), asked
 * once typing pauses. The query is keyed by the text asked about: a request for older text is
 * cancelled when the text changes, and its answer never shows. A refusal carries the parser's message.
 */
export function usePositionPreview(request: PositionRequest | null): PreviewState {
  /** The request typing has paused on. */
  const [settled, setSettled] = useState<PositionRequest | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(request), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [request]);
  const current = request !== null && settled === request;
  const query = useQuery({
    queryKey: queryKeys.positionPreview(current ? request : null),
    queryFn: ({ signal }) => previewPosition(request as PositionRequest, signal),
    enabled: current,
  });
  if (!request) return { state: 'empty' };
  if (!current || query.isPending) return { state: 'loading' };
  if (query.isError) return { state: 'invalid', message: parserMessage(query.error) };
  return { state: 'ready', preview: query.data };
}
