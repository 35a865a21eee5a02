import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { BoardPosition, LegalMove } from '../../../api/types';
import { positionMovesQuery } from '../api/analysisQueries';
import { legalMovesOf, nodeBoard, type NodeBoard } from '../model/boardView';
import {
  deleteLine,
  lineEnd,
  mainlineAt,
  nextNode,
  nodeOf,
  playMove,
  promoteLine,
  ROOT,
  setComment,
  type MoveNode,
  type MoveTree,
  type NodeId,
  type TreeMove,
} from '../model/moveTree';

export interface AnalysisBoard {
  tree: MoveTree;
  /** The node whose position is on the board. */
  node: MoveNode;
  board: NodeBoard;
  /** Counts the tree's changes (0: as loaded): what saving watches. Navigation is no change. */
  revision: number;
  /** The server's facts about the position shown (legal moves, check, game over), once it answered. */
  position: BoardPosition | undefined;
  legalMoves: readonly LegalMove[];
  positionError: unknown;
  play: (move: TreeMove) => void;
  /** Plays the legal move with this UCI, if the position has one (an engine line's first move). */
  playUci: (uci: string) => void;
  goTo: (id: NodeId) => void;
  back: () => void;
  forward: () => void;
  first: () => void;
  last: () => void;
  promote: (toMainline: boolean) => void;
  deleteHere: () => void;
  comment: (text: string) => void;
}

const NO_MOVES: readonly LegalMove[] = [];

/**
 * The analysis board's state: the tree, the node shown, and the legal moves of its position from
 * `POST /api/positions/moves` (cached per FEN). Every change goes through the pure tree model.
 */
export function useAnalysisBoard(initial: MoveTree, ply: number | null): AnalysisBoard {
  const [state, setState] = useState(() => ({ tree: initial, current: mainlineAt(initial, ply), revision: 0 }));
  const { tree, current, revision } = state;
  const node = nodeOf(tree, current);
  const board = useMemo(() => nodeBoard(node), [node]);
  const moves = useQuery(positionMovesQuery(node.fen));
  const legalMoves = useMemo(() => (moves.data ? legalMovesOf(moves.data) : NO_MOVES), [moves.data]);
  // The moves of the main continuation are asked for ahead, so stepping forward never waits.
  const queryClient = useQueryClient();
  const next = nextNode(tree, current);
  const nextFen = next === undefined ? null : nodeOf(tree, next).fen;
  useEffect(() => {
    if (nextFen !== null) void queryClient.prefetchQuery(positionMovesQuery(nextFen));
  }, [nextFen, queryClient]);

  const change = (edit: (tree: MoveTree, current: NodeId) => { tree: MoveTree; current: NodeId }) =>
    setState((now) => {
      const next = edit(now.tree, now.current);
      return { tree: next.tree, current: next.current, revision: now.revision + (next.tree === now.tree ? 0 : 1) };
    });
  const go = (to: (tree: MoveTree, current: NodeId) => NodeId | undefined | null) =>
    setState((now) => ({ ...now, current: to(now.tree, now.current) ?? now.current }));

  const play = (move: TreeMove) =>
    change((now, at) => {
      const played = playMove(now, at, move);
      return { tree: played.tree, current: played.node };
    });

  return {
    tree,
    node,
    board,
    revision,
    position: moves.data,
    legalMoves,
    positionError: moves.error,
    play,
    playUci: (uci) => {
      const move = legalMoves.find((legal) => legal.uci === uci);
      if (move) play({ uci: move.uci, san: move.san, fen: move.fen_after });
    },
    goTo: (id) => go(() => id),
    back: () => go((now, at) => nodeOf(now, at).parent),
    forward: () => go((now, at) => nextNode(now, at)),
    first: () => go(() => ROOT),
    last: () => go((now, at) => lineEnd(now, at)),
    promote: (toMainline) => change((now, at) => ({ tree: promoteLine(now, at, toMainline), current: at })),
    deleteHere: () =>
      change((now, at) => {
        const pruned = deleteLine(now, at);
        return { tree: pruned.tree, current: pruned.parent };
      }),
    comment: (text) => change((now, at) => ({ tree: setComment(now, at, text), current: at })),
  };
}
