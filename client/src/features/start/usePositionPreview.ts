import { useEffect, useState } from 'react';
import { ApiError, describeError } from '../../api/apiError';
import { previewPosition } from '../../api/games';
import type { PositionPreview, PositionRequest } from '../../api/types';

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
 * The position a pasted FEN or PGN leads to, as the server reads it (`POST /api/positions`), asked
 * once typing pauses; an answer for older text is dropped. A refusal carries the parser's message.
 */
export function usePositionPreview(request: PositionRequest | null): PreviewState {
  const [result, setResult] = useState<{ for: PositionRequest; state: PreviewState } | null>(null);
  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      previewPosition(request, controller.signal)
        .then((preview) => setResult({ for: request, state: { state: 'ready', preview } }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setResult({ for: request, state: { state: 'invalid', message: parserMessage(error) } });
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [request]);
  if (!request) return { state: 'empty' };
  return result?.for === request ? result.state : { state: 'loading' };
}
