import { playerNames } from '../../../api/players';
import type { GameView } from '../../../api/types';
import { materialBalance } from '../../../chess/material';
import { type Color, opposite } from '../../../chess/types';
import type { BoardState } from './boardState';
import { type AvailableActions, availableActions, sideNames, statusText } from './gameFacts';

/** The actions on the game besides a move, each one request without a body. */
export type GameAction = 'takeback' | 'resign' | 'draw' | 'abort' | 'claim';

/** The action waiting for the server's answer (one at a time). */
export type Busy = 'move' | GameAction | null;

/** Whether this browser plays the game now: it holds the token and the game goes on. */
export function isLive(view: GameView | null, hasToken: boolean): view is GameView {
  return hasToken && view?.status === 'ongoing';
}

/** Whether the player may move now: their turn at the live position, with nothing in flight or searching. */
export function isPlayerReady(view: GameView | null, live: boolean, engineThinking: boolean, busy: Busy, reviewing: boolean): boolean {
  return live && view !== null && view.turn === view.player_color && !engineThinking && busy === null && !reviewing;
}

/** What the game screen knows when it draws: the server's view and the screen's own state. */
/** `H` is the hint as the screen holds it (passed through untouched when it is shown). */
export interface GameScreenInput<H> {
  view: GameView;
  /** The position on the board (live, with the move in flight, or stepped back to). */
  board: BoardState;
  /** This browser holds the game's token (it plays the game; without it, it watches). */
  hasToken: boolean;
  engineThinking: boolean;
  busy: Busy;
  /** The player stepped back to an earlier position. */
  reviewing: boolean;
  /** The player's move is on its way to the server. */
  pending: boolean;
  /** The player turned the board round. */
  flipped: boolean;
  settings: { premoves: boolean; training: boolean };
  /** Stockfish's hint for the live position, if asked for and answered. */
  hint: H | null;
  /** The server streams events (only then is a live evaluation worth a bar). */
  streaming: boolean;
  /** The player asked to see the live evaluation. */
  showEvaluation: boolean;
  /** The post-game analysis has answered with something to show. */
  hasAnalysis: boolean;
  /** A touch screen, where the status asks to tap rather than drag. */
  touch: boolean;
}

/** One name plate: who, the detail under the name, whether it is that side's move. */
export interface Plate {
  name: string;
  color: Color;
  detail: string | undefined;
  toMove: boolean;
}

/** What the game screen shows and which controls work, decided from its input alone. */
export interface GameScreenModel<H> {
  player: Color;
  engine: Color;
  /** The side at the bottom of the board. */
  orientation: Color;
  ongoing: boolean;
  /** This browser plays the game now (token and ongoing). */
  live: boolean;
  /** Nobody's token: a watcher, who sees the colours as names and no action buttons. */
  spectator: boolean;
  /** A finished PGN from the server, with its own players. */
  imported: boolean;
  names: Record<Color, string>;
  /** The pieces each side is up by. */
  material: ReturnType<typeof materialBalance>;
  enginePlate: Plate;
  playerPlate: Plate;
  /** The colour the player may move now, or null (board locked). */
  movable: Color | null;
  /** The colour the player may queue one premove for, while Stockfish thinks or our move is out. */
  premovable: Color | null;
  /** The hint arrow to draw: not while reviewing, during a move in flight, or in training. */
  hint: H | null;
  actions: AvailableActions;
  /** The post-game analysis is shown (and its bar with it). */
  reviewShown: boolean;
  /** The live evaluation bar: a streaming server, and the player asked for it. */
  liveEvaluation: boolean;
  statusText: string;
  /** The buttons to take back, resign, offer a draw and so on. */
  showPlayActions: boolean;
  /** The "Show evaluation" switch. */
  showEvaluationToggle: boolean;
  /** The panel after the game, and whether it treats the viewer as a spectator (no rematch). */
  gameOver: { spectator: boolean } | null;
  /** "Play from here", from an earlier position or after the game. */
  showPlayFromHere: boolean;
  /** The review panel (after the game). */
  showReview: boolean;
  /** The typed-move box, and whether it takes a move now. */
  moveInput: { enabled: boolean } | null;
}

/**
 * The game screen's decisions, as one pure function of what it knows: who is at the bottom, who may
 * move or premove, which buttons and panels show, the status line. `GameScreen` only lays them out.
 */
export function gameScreenModel<H>(input: GameScreenInput<H>): GameScreenModel<H> {
  const { view, hasToken, engineThinking: thinking, busy, reviewing, settings } = input;
  const player = view.player_color;
  const engine = opposite(player);
  const ongoing = view.status === 'ongoing';
  const live = isLive(view, hasToken);
  const spectator = !hasToken;
  const playerTurn = ongoing && view.turn === player;
  const movable = playerTurn && !busy && !reviewing && hasToken ? player : null;
  const premovable =
    live && settings.premoves && movable === null && !reviewing && (thinking || !playerTurn || busy === 'move') ? player : null;
  const importedNames = view.players ? playerNames(view.players) : undefined;
  const imported = importedNames !== undefined;
  const names = importedNames ?? sideNames(player, spectator);
  const rating = `level ${view.level} (${view.step.rating})`;
  const reviewShown = !ongoing && input.hasAnalysis;
  return {
    player,
    engine,
    orientation: input.flipped ? engine : player,
    ongoing,
    live,
    spectator,
    imported,
    names,
    material: materialBalance(input.board.placement),
    enginePlate: {
      name: names[engine],
      color: engine,
      detail: imported ? undefined : spectator ? `Stockfish, ${rating}` : rating,
      toMove: ongoing && (thinking || view.turn === engine),
    },
    playerPlate: {
      name: names[player],
      color: player,
      detail: spectator && !imported ? 'player' : undefined,
      toMove: playerTurn && !thinking,
    },
    movable,
    premovable,
    hint: input.hint && !reviewing && !input.pending && !settings.training ? input.hint : null,
    actions: availableActions(view, { hasToken, busy: busy !== null, engineThinking: thinking, reviewing }),
    reviewShown,
    liveEvaluation: !reviewShown && input.streaming && input.showEvaluation,
    statusText: statusText(view, thinking, reviewing, hasToken, input.touch),
    showPlayActions: ongoing && !spectator,
    showEvaluationToggle: ongoing && input.streaming,
    gameOver: ongoing ? null : { spectator: spectator || imported },
    showPlayFromHere: !ongoing || reviewing,
    // An aborted game has no review (the server refuses one): only a finished game shows the panel.
    showReview: view.status === 'finished',
    moveInput: live ? { enabled: movable !== null } : null,
  };
}
