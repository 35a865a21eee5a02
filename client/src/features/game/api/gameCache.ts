import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys';
import type { GameView } from '../../../api/types';
import type { PendingMove } from '../model/pendingMove';
import { newerView } from '../model/viewGuard';
import type { GameCommand } from './gameCommands';

/** What a game's command mutation is called with: the game's token and the command. */
export interface CommandVariables {
  token: string;
  command: GameCommand;
}

/** The game's view in the cache now, for callbacks that run after a render. */
export function cachedView(queryClient: QueryClient, id: string): GameView | null {
  return queryClient.getQueryData<GameView>(queryKeys.game(id)) ?? null;
}

/**
 * Writes `next` into the game's entry unless the entry holds a newer version (`newerView`): the one
 * way the stream's events and the answers to our commands reach the cache.
 */
export function writeGameView(queryClient: QueryClient, id: string, next: GameView): void {
  queryClient.setQueryData<GameView>(queryKeys.game(id), (current) => newerView(current, next));
}

/** The game's command in flight, read from the mutation cache at once (no render awaited); undefined if none. */
export function commandInFlight(queryClient: QueryClient, id: string): CommandVariables | undefined {
  const mutation = queryClient.getMutationCache().find<GameView, Error, CommandVariables>({
    mutationKey: queryKeys.gameCommand(id),
    status: 'pending',
  });
  return mutation?.state.variables;
}

/** The player's move standing on the board while its command is in flight, if the command shows one. */
export function pendingMoveOf(variables: CommandVariables | undefined): PendingMove | null {
  const command = variables?.command;
  return command?.kind === 'move' && command.shown ? { move: command.shown, ply: command.ply } : null;
}
