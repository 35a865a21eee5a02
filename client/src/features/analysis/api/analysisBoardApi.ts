import { requestJson, requestText } from '../../../api/http';
import type { TreeBody, TreeRequest, TreeView } from '../../../api/types';

/** The analysis board's endpoints (issue #26), one function each. */

const gamePath = (id: string) => `/api/games/${encodeURIComponent(id)}`;
const PGN = 'application/x-chess-pgn';

/** A position's legal moves, each with its SAN and the FEN after it: the board never decides legality. */
export { getBoardPosition as positionMoves } from '../../../api/positionMoves';

/** A tree read from a PGN (variations and comments kept), or an empty tree at a FEN. */
export function createTree(request: TreeRequest, signal?: AbortSignal): Promise<TreeView> {
  return requestJson<TreeView>('/api/trees', { method: 'POST', body: request, signal });
}

/** A game's stored tree, or its own moves when none was stored; no token needed. */
export function getGameTree(id: string, signal?: AbortSignal): Promise<TreeView> {
  return requestJson<TreeView>(`${gamePath(id)}/tree`, { signal });
}

/** Stores a finished game's tree; the game's token, as a move needs. */
export function saveGameTree(id: string, token: string, body: TreeBody, signal?: AbortSignal): Promise<TreeView> {
  return requestJson<TreeView>(`${gamePath(id)}/tree`, { method: 'PUT', token, body, signal });
}

/** The PGN of a tree not tied to a game: variations in parentheses, comments in braces. */
export function treePgn(body: TreeBody): Promise<string> {
  return requestText('/api/trees/pgn', { method: 'POST', body, accept: PGN });
}

/** A game's PGN, with its stored tree's side lines as variations. */
export function gamePgn(id: string): Promise<string> {
  return requestText(`${gamePath(id)}/pgn`, { accept: PGN });
}
