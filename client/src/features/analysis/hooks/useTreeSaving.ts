import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { describeError } from '../../../api/apiError';
import { saveGameTree } from '../api/analysisBoardApi';
import { treeBody, type MoveTree } from '../model/moveTree';

/** How long the tree must stay unchanged before it is saved: a burst of moves is one request. */
const SAVE_DELAY_MS = 700;

/** What the board says about saving: nothing to save, a change waiting, being saved, saved, or why not. */
export type SaveStatus =
  { state: 'local' } | { state: 'pending' } | { state: 'saving' } | { state: 'saved' } | { state: 'failed'; message: string };

export interface TreeSaving {
  status: SaveStatus;
  /** Saves any change at once (the PGN download wants the stored tree); true when the server holds the tree. */
  flush: () => Promise<boolean>;
}

/**
 * Saves a game's tree with `PUT /api/games/{id}/tree` once changes pause, when this browser holds
 * the game's token (`target` null: a free board, or a game watched without it: nothing is saved).
 * `revision` counts the tree's changes (0: as loaded). Saves run one after another, each sending the
 * tree as it is then, so the last one to land is always the latest tree; a change still waiting when
 * the board closes is saved then.
 */
export function useTreeSaving(target: { id: string; token: string } | null, tree: MoveTree, revision: number): TreeSaving {
  const [status, setStatus] = useState<{ revision: number; status: SaveStatus }>({ revision: 0, status: { state: 'saved' } });
  const latest = useRef({ tree, revision });
  useLayoutEffect(() => {
    latest.current = { tree, revision };
  });
  const queue = useRef<Promise<boolean>>(Promise.resolve(true));
  const savedRevision = useRef(0);
  const id = target?.id;
  const token = target?.token;

  const save = useCallback((): Promise<boolean> => {
    if (id === undefined || token === undefined) return Promise.resolve(false);
    const run = async (): Promise<boolean> => {
      const { tree: now, revision: at } = latest.current;
      if (savedRevision.current === at) return true;
      setStatus({ revision: at, status: { state: 'saving' } });
      try {
        await saveGameTree(id, token, treeBody(now));
        savedRevision.current = at;
        setStatus((current) => (current.revision === at ? { revision: at, status: { state: 'saved' } } : current));
        return true;
      } catch (error) {
        setStatus((current) =>
          current.revision === at ? { revision: at, status: { state: 'failed', message: describeError(error) } } : current,
        );
        return false;
      }
    };
    queue.current = queue.current.then(run, run);
    return queue.current;
  }, [id, token]);

  useEffect(() => {
    if (revision === 0 || id === undefined) return;
    const timer = window.setTimeout(() => void save(), SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [revision, id, save]);

  // Leaving the board with a change not yet saved saves it at once rather than dropping it.
  useEffect(
    () => () => {
      if (latest.current.revision !== savedRevision.current) void save();
    },
    [save],
  );

  const flush = useCallback(() => save(), [save]);
  if (target === null) return { status: { state: 'local' }, flush };
  if (status.revision < revision) return { status: { state: 'pending' }, flush };
  return { status: status.status, flush };
}
