import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys';
import type { BoardPosition, HumanMoves, TreeRequest, TreeView } from '../../../api/types';
import { createTree, getGameTree, positionMoves } from './analysisBoardApi';
import type { ExploreTarget } from './exploreStream';
import { getHumanMoves, type HumanBand } from './humanMoves';

/** Where an analysis board's tree comes from: a game's stored tree, or a PGN or FEN of the player's. */
export type TreeSource = { kind: 'game'; id: string } | { kind: 'free'; request: TreeRequest };

/**
 * The tree a board opens with. Read once: from then on the board holds the tree (and, for a game,
 * saves it), so nothing refetches it behind the player's back.
 */
export function treeQuery(source: TreeSource) {
  return queryOptions<TreeView>({
    queryKey: source.kind === 'game' ? queryKeys.gameTree(source.id) : queryKeys.freeTree(source.request),
    queryFn: ({ signal }) => (source.kind === 'game' ? getGameTree(source.id, signal) : createTree(source.request, signal)),
  });
}

/** How long a position's moves stay cached once no board shows it: stepping back and forth asks nothing. */
const POSITION_MOVES_GC_MS = 10 * 60_000;

/** A position's legal moves; a FEN's moves never change, so each is asked once while the board is in use. */
export function positionMovesQuery(fen: string) {
  return queryOptions<BoardPosition>({
    queryKey: queryKeys.positionMoves(fen),
    queryFn: ({ signal }) => positionMoves(fen, signal),
    gcTime: POSITION_MOVES_GC_MS,
  });
}

/**
 * A band's likely moves at a position. The network is deterministic, so an answer never goes stale;
 * it is kept as long as a position's legal moves are, and stepping back and forth asks nothing.
 */
export function humanMovesQuery(target: ExploreTarget, band: HumanBand) {
  return queryOptions<HumanMoves>({
    queryKey: queryKeys.humanMoves(band, target.start, target.moves, target.fen),
    queryFn: ({ signal }) => getHumanMoves(target, band, signal),
    staleTime: Infinity,
    gcTime: POSITION_MOVES_GC_MS,
    retry: false,
  });
}
