import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../../api/queryKeys';
import type { GameView } from '../../../api/types';
import { type CommandVariables, pendingMoveOf, writeGameView } from '../api/gameCache';
import { isUnanswered, sendCommand, untilServerAnswers } from '../api/gameCommands';

/**
 * The player's commands on a game (a move, takeback, resign, draw offer or claim, abort) as one
 * TanStack mutation (`queryKeys.gameCommand`): its answer is written into the game's entry through
 * the version guard, and while it is in flight the stream's events wait (`commandInFlight`) and the
 * move it carries stands on the board (`pending`). `send` throws what the request throws and
 * resolves to the answer.
 *
 * A move that got no answer at all (the server went away, perhaps in the middle of Stockfish's
 * search) stays on the board (`awaitingServer`) while the game is asked for every second; when the
 * server answers, its game says whether the move was stored. If it was, the game is shown and the
 * command succeeds; if not (the server never got it, or the game went on without it on another
 * device), the original failure is thrown, to be shown with its "Try again", and any newer game is
 * shown.
 */
export function useGameCommand(id: string) {
  const queryClient = useQueryClient();
  const [awaitingServer, setAwaitingServer] = useState(false);
  // Aborted when the screen goes: a move waiting for the server stops asking. Made in the effect, so
  // StrictMode's second run gets a fresh one.
  const screen = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    screen.current = controller;
    return () => controller.abort();
  }, []);

  const mutation = useMutation<GameView, Error, CommandVariables>({
    mutationKey: queryKeys.gameCommand(id),
    // A refetch under way left before our command: its answer cannot be newer than ours.
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.game(id), exact: true }),
    mutationFn: async ({ token, command }) => {
      try {
        return await sendCommand(id, token, command);
      } catch (error) {
        const shown = command.kind === 'move' ? command.shown : undefined;
        if (command.kind !== 'move' || !shown || !isUnanswered(error) || !screen.current) throw error;
        setAwaitingServer(true);
        try {
          const stored = await untilServerAnswers(id, screen.current.signal);
          if (!stored) throw error;
          if (stored.moves[command.ply]?.uci === shown.uci) return stored;
          if (stored.ply !== command.ply) writeGameView(queryClient, id, stored);
          throw error;
        } finally {
          setAwaitingServer(false);
        }
      }
    },
    onSuccess: (next) => writeGameView(queryClient, id, next),
  });

  return {
    send: mutation.mutateAsync,
    /** One of our commands is in flight: its answer decides, not the view's flags. */
    writing: mutation.isPending,
    /** The player's move on the board while the server answers. */
    pending: mutation.isPending ? pendingMoveOf(mutation.variables) : null,
    /** Our move got no answer: it stays on the board, and Stockfish's reply comes when the server is back. */
    awaitingServer,
  };
}
