import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Chessboard, type ChessboardOptions, type PositionDataType } from 'react-chessboard';
import type { LegalMove } from '../api/types';
import { canMoveFrom, intentFor, promotionMove, targetsFrom } from '../chess/legal';
import type { Color, Placement, PromotionRole, SquareName } from '../chess/types';
import { colorLetter, isSquareName } from '../chess/types';
import { ANIMATION_MS } from '../settings/settings';
import { useSettings } from '../settings/useSettings';
import { pieceWords } from '../chess/squareWords';
import { BoardKeyboard } from './BoardKeyboard';
import { boardLook } from './boardLook';
import { PromotionPicker } from './PromotionPicker';
import { useQuietPieces } from './quietPieces';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** lichess's green for the engine's suggestion. */
const HINT_COLOR = '#15781b';
/** lichess's blue for the analysis's best move, so it never reads as a hint for the game on. */
const BEST_MOVE_COLOR = '#003088';

/** react-chessboard's position shape: `{ e2: { pieceType: 'wP' } }`. */
function toPosition(placement: Placement): PositionDataType {
  const position: PositionDataType = {};
  for (const [square, piece] of Object.entries(placement)) if (piece) position[square] = { pieceType: piece };
  return position;
}

/** Whether the side allowed to move or premove (if any) has a piece on `square`. */
function ownsPiece(
  { movable, premovable, placement }: Pick<BoardProps, 'movable' | 'premovable' | 'placement'>,
  square: SquareName,
): boolean {
  const side = movable ?? premovable ?? null;
  return side !== null && placement[square]?.[0] === colorLetter(side);
}

/** A move queued while Stockfish thinks: just two squares, judged by the server's legal moves once it is the player's turn. */
export interface Premove {
  from: SquareName;
  to: SquareName;
}

export interface BoardProps {
  placement: Placement;
  orientation: Color;
  /** The colour the player may move now, or null when the board is locked. */
  movable: Color | null;
  legalMoves: readonly LegalMove[];
  lastMove?: { from: SquareName; to: SquareName };
  checkSquare?: SquareName;
  /** A suggested move, drawn as an arrow (the hint). */
  hint?: { from: SquareName; to: SquareName };
  /** What the review says should have been played instead of the move shown, drawn as an arrow. */
  bestMove?: { from: SquareName; to: SquareName };
  onMove: (move: LegalMove) => void;
  onIllegal: () => void;
  /** The colour that may queue a premove now (Stockfish is thinking), or null/absent when none may. */
  premovable?: Color | null;
  /** The premove queued, drawn on its squares. */
  premove?: Premove | null;
  onPremove?: (premove: Premove) => void;
  /** A right-click cancels the premove. */
  onCancelPremove?: () => void;
}

interface PendingPromotion {
  from: SquareName;
  to: SquareName;
  choices: PromotionRole[];
}

/**
 * The board: react-chessboard plus selection, legal-target dots, highlights and the promotion
 * picker. Moves by drag and by click; only moves in `legalMoves` are ever passed to `onMove`.
 */
export function Board(props: BoardProps) {
  const { placement, orientation, movable, legalMoves, lastMove, checkSquare, hint, bestMove, premovable = null, premove = null } = props;
  const settings = useSettings();
  const [selected, setSelected] = useState<SquareName | null>(null);
  const [promotion, setPromotion] = useState<PendingPromotion | null>(null);
  /** What the keyboard's last pick-up or put-back was, for the screen reader. */
  const [told, setTold] = useState('');
  const visual = useRef<HTMLDivElement>(null);

  useQuietPieces(visual);

  // A new position or a change of who may move drops the selection and the picker, in this render.
  const [shownFor, setShownFor] = useState({ placement, movable, premovable });
  if (shownFor.placement !== placement || shownFor.movable !== movable || shownFor.premovable !== premovable) {
    setShownFor({ placement, movable, premovable });
    setSelected(null);
    setPromotion(null);
  }

  // react-chessboard calls the drop handler that was current when a drag began: handlers read the
  // values of the latest commit from here.
  const live = useRef({ props, selected });
  useLayoutEffect(() => {
    live.current = { props, selected };
  });

  /** For handlers: whether the player may pick up the piece on `square` now. */
  const owns = (square: SquareName) => ownsPiece(live.current.props, square);

  const attempt = (from: SquareName, to: SquareName): boolean => {
    const current = live.current.props;
    if (current.movable === null && current.premovable) {
      // Not our turn: queue it; the server's legal moves judge it when Stockfish has moved.
      setSelected(null);
      current.onPremove?.({ from, to });
      return false;
    }
    const intent = intentFor(live.current.props.legalMoves, from, to);
    setSelected(null);
    if (intent.kind === 'illegal') {
      live.current.props.onIllegal();
      return false;
    }
    if (intent.kind === 'promotion') {
      setPromotion({ from, to, choices: intent.choices });
      return false;
    }
    live.current.props.onMove(intent.move);
    return true;
  };

  const onSquareClick = (square: string) => {
    const { movable: side, premovable: early } = live.current.props;
    if (!isSquareName(square) || (side === null && !early)) return;
    const current = live.current.selected;
    if (current === square) return setSelected(null);
    if (owns(square)) return setSelected(square);
    if (current) attempt(current, square);
  };

  /** Enter or Space on a square of the keyboard's grid: the click's rules, told in words. */
  const onKeyboardActivate = (square: SquareName) => {
    const { movable: side, premovable: early, placement: shown, legalMoves: legal } = live.current.props;
    if (side === null && !early) return setTold('You cannot move now.');
    const current = live.current.selected;
    const piece = shown[square];
    if (current === square) setTold(`Put back the ${piece ? pieceWords(piece) : 'piece'}.`);
    else if (owns(square) && piece) {
      const goes = targetsFrom(legal, square);
      setTold(
        `Picked up the ${pieceWords(piece)} on ${square}. ${goes.length > 0 ? `It can go to ${goes.join(', ')}.` : 'It has no legal move.'}`,
      );
    } else if (!current) setTold(`No piece of yours on ${square}.`);
    onSquareClick(square);
  };

  const choosePromotion = (role: PromotionRole) => {
    if (!promotion) return;
    const move = promotionMove(live.current.props.legalMoves, promotion.from, promotion.to, role);
    setPromotion(null);
    if (move) live.current.props.onMove(move);
  };

  const cancelPromotion = useCallback(() => setPromotion(null), []);

  const targets = useMemo(() => new Set(selected ? targetsFrom(legalMoves, selected) : []), [legalMoves, selected]);

  const position = useMemo(() => toPosition(placement), [placement]);
  const arrows = useMemo(
    () => [
      ...(hint ? [{ startSquare: hint.from, endSquare: hint.to, color: HINT_COLOR }] : []),
      ...(bestMove ? [{ startSquare: bestMove.from, endSquare: bestMove.to, color: BEST_MOVE_COLOR }] : []),
    ],
    [hint, bestMove],
  );

  const options: ChessboardOptions = {
    id: 'alphachess',
    position,
    boardOrientation: orientation,
    allowDragging: movable !== null || premovable !== null,
    dragActivationDistance: 4,
    animationDurationInMs: ANIMATION_MS[settings.animation],
    showAnimations: settings.animation !== 'none' && !prefersReducedMotion(),
    allowDrawingArrows: true,
    arrows,
    ...boardLook(settings.theme, settings.coordinates),
    canDragPiece: ({ square }) => square !== null && isSquareName(square) && ownsPiece(props, square),
    onPieceDrag: ({ square }) => {
      if (square && isSquareName(square)) setSelected(square);
    },
    onPieceDrop: ({ sourceSquare, targetSquare }) => {
      if (!isSquareName(sourceSquare) || !targetSquare || !isSquareName(targetSquare)) return false;
      if (sourceSquare === targetSquare) return false;
      return attempt(sourceSquare, targetSquare);
    },
    onSquareClick: ({ square }) => onSquareClick(square),
    onSquareRightClick: () => {
      if (live.current.props.premove) live.current.props.onCancelPremove?.();
    },
    squareRenderer: ({ square, piece, children }) => {
      const classes = ['square'];
      if (isSquareName(square)) {
        if (lastMove && (lastMove.from === square || lastMove.to === square)) classes.push('last-move');
        if (selected === square) classes.push('selected');
        if (targets.has(square)) classes.push(piece ? 'capture-target' : 'move-target');
        if (checkSquare === square) classes.push('in-check');
        if (premove && (premove.from === square || premove.to === square)) classes.push('premove');
        if (selected === null && ownsPiece(props, square) && canMoveFrom(legalMoves, square)) classes.push('movable');
      }
      return <div className={classes.join(' ')}>{children}</div>;
    },
  };

  return (
    <div
      className="board"
      data-orientation={orientation}
      data-locked={movable === null ? 'true' : 'false'}
      data-hint={hint ? `${hint.from}${hint.to}` : undefined}
      data-best-move={bestMove ? `${bestMove.from}${bestMove.to}` : undefined}
      data-premove={premove ? `${premove.from}${premove.to}` : undefined}
      data-theme={settings.theme}
    >
      <div className="board-visual" ref={visual} aria-hidden="true">
        <Chessboard options={options} />
      </div>
      <BoardKeyboard
        placement={placement}
        orientation={orientation}
        selected={selected}
        targets={targets}
        lastMoveTo={lastMove?.to}
        onActivate={onKeyboardActivate}
        onCancel={() => {
          setSelected(null);
          setTold('Put the piece back.');
        }}
      />
      <p className="sr-only" aria-live="polite" data-testid="board-announcer">
        {told}
      </p>
      {promotion && movable && (
        <PromotionPicker
          square={promotion.to}
          color={movable}
          orientation={orientation}
          choices={promotion.choices}
          onChoose={choosePromotion}
          onCancel={cancelPromotion}
        />
      )}
    </div>
  );
}
