import { useEffect, useRef, useState } from 'react';
import { loadToken, rememberLastGame } from '../../../api/tokens';
import type { GameView } from '../../../api/types';
import { useSettings } from '../../../settings/useSettings';
import { isTouchScreen, tabTitle } from '../model/gameFacts';
import { gameScreenModel, isLive, isPlayerReady } from '../model/gameScreenModel';
import { useGameReview } from '../review/hooks/useGameReview';
import { useRetry } from '../review/hooks/useRetry';
import { useCopied } from './useCopied';
import { useDocumentTitle } from './useDocumentTitle';
import { useGameActions } from './useGameActions';
import { useGameClock } from './useGameClock';
import { useGameView } from './useGameView';
import { useHint } from './useHint';
import { useKeyboard } from './useKeyboard';
import { useMoveReports } from './useMoveReports';
import { useNextGame } from './useNextGame';
import { usePremove } from './usePremove';
import { useReview } from './useReview';
import { useShowEvaluation } from './useShowEvaluation';

/**
 * Everything the game screen holds, put together: the game from the server, the player's actions,
 * the screen's own state (flipped board, position looked at, premove, hint, review), and the
 * view-model `gameScreenModel` makes of them (null while the game loads). `GameScreen` lays it out.
 */
export function useGameScreen(id: string, created: GameView | undefined, onCreated: (game: GameView) => void) {
  const reports = useMoveReports();
  const game = useGameView(id, created, reports);
  /** The game's secret, if this browser started the game. */
  const token = loadToken(id);
  const hasToken = token !== undefined;
  const actions = useGameActions(token, game, reports);
  const { view, pending } = game;
  const { busy } = actions;
  const position = useReview(view, pending);
  const { board, reviewing, currentPly, step } = position;
  const [flipped, setFlipped] = useState(false);
  const flip = () => setFlipped((f) => !f);
  const [copied, showCopied] = useCopied();
  const hint = useHint(id, token, view?.ply, actions.reportError);
  const review = useGameReview(id, token, view, currentPly, game.streamState === 'open');
  // Retry your own mistakes (issue #25): the player's game only, once its review is done.
  const retry = useRetry(id, token, hasToken && review.analysis?.status === 'done');
  const nextGame = useNextGame(onCreated);
  const [showEvaluation, setShowEvaluation] = useShowEvaluation();
  const settings = useSettings();
  useDocumentTitle(view ? tabTitle(view, game.engineThinking, !hasToken) : null);
  const live = isLive(view, hasToken);
  const times = useGameClock(view, live, game.refresh);
  const playerReady = isPlayerReady(view, live, game.engineThinking, busy, reviewing);
  const premoves = usePremove(view, live && settings.premoves, playerReady, (move) => void actions.play(move));
  useEffect(() => {
    // The start screen offers to resume the game this browser played last, while it is going on.
    if (live) rememberLastGame(id);
  }, [id, live]);

  const { movesAdded } = reports;
  const announcedCreation = useRef(false);
  useEffect(() => {
    // Once, for the game just created: Stockfish's first move as white sounds after "Play".
    if (announcedCreation.current || created?.id !== id || created.ply === 0) return;
    announcedCreation.current = true;
    movesAdded(created, 0);
  }, [created, id, movesAdded]);

  useKeyboard({
    back: () => step(currentPly - 1),
    forward: () => step(currentPly + 1),
    first: () => step(0),
    last: () => step(view?.ply ?? 0),
    flip,
  });

  const model =
    view && board
      ? gameScreenModel({
          view,
          board,
          hasToken,
          engineThinking: game.engineThinking,
          busy,
          reviewing,
          pending: pending !== null,
          flipped,
          settings,
          hint: hint.hint,
          streaming: game.streaming,
          showEvaluation,
          hasAnalysis: review.analysis !== null,
          touch: isTouchScreen(),
        })
      : null;

  return {
    game,
    token,
    actions,
    position,
    model,
    flip,
    copied,
    showCopied,
    hint,
    review,
    retry,
    nextGame,
    showEvaluation,
    setShowEvaluation,
    settings,
    times,
    premoves,
    announcement: reports.announcement,
  };
}

export type GameScreenState = ReturnType<typeof useGameScreen>;

/** The game screen's state once the game is on screen: its view, board and view-model are there. */
export interface ShownGame {
  screen: GameScreenState;
  view: GameView;
  board: NonNullable<GameScreenState['position']['board']>;
  model: NonNullable<GameScreenState['model']>;
}

/** The state as a `ShownGame`, or null while the game loads. */
export function shownGame(screen: GameScreenState): ShownGame | null {
  const { view } = screen.game;
  const { board } = screen.position;
  const { model } = screen;
  return view && board && model ? { screen, view, board, model } : null;
}
