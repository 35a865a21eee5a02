import { PracticeLink } from '../../practice/PracticeLink';
import './startScreen.css';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { describeError } from '../../api/apiError';
import { startGame } from '../../api/newGame';
import type { ColorChoice, GameView, NewGameRequest, PositionRequest, TimeControl } from '../../api/types';
import { movesText } from '../../chess/moveCount';
import { Chess960Choice, type Chess960Request } from './Chess960Choice';
import { FirstVisitQuestion } from './FirstVisitQuestion';
import { LevelGrid } from './LevelGrid';
import { ScaleDetails } from './ScaleDetails';
import { Icon } from '../../components/Icon';
import { isLevel, LEVEL_DESCRIPTIONS, type LevelNumber, rememberedLevel, rememberLevel } from '../../levels/levels';
import { RatingLine } from '../../levels/RatingLine';
import { useLevels } from '../../levels/useLevels';
import { usePlayerRating } from '../../levels/usePlayerRating';
import { unlockAudio } from '../../sound/synth';
import { positionRequest } from './positionInput';
import { PositionSetup } from './PositionSetup';
import { TimeControlChoice } from './TimeControlChoice';
import { usePositionPreview } from '../../positions/usePositionPreview';
import { useResumableGame } from './useResumableGame';

interface Props {
  onCreated: (game: GameView) => void;
  /** Opens a game this browser is playing. */
  onResume: (id: string) => void;
  /** Opens the list of this browser's games. */
  onMyGames: () => void;
  /** Opens the practice deck (issue #41). */
  onPractice: () => void;
  /** A position to start from, ticked and filled in (the board editor's, or the text left when it opened). */
  initialPosition?: string;
  /** Opens the board editor on the position shown (if the text reads as one), keeping the text for the way back. */
  onSetUpBoard: (text: string, fen: string | undefined) => void;
  /** Opens the analysis board on the pasted FEN or PGN (its variations and comments kept). */
  onAnalyse: (request: PositionRequest) => void;
}

const SIDES: { value: ColorChoice; label: string; symbol: string }[] = [
  { value: 'white', label: 'White', symbol: '♔' },
  { value: 'random', label: 'Random', symbol: '⚄' },
  { value: 'black', label: 'Black', symbol: '♚' },
];

/**
 * Pick a side, a level and a clock (untimed by default), and optionally a position to start from
 * (a pasted FEN or PGN, previewed as the server reads it), then start a game against Stockfish.
 */
export function StartScreen({ onCreated, onResume, onMyGames, onPractice, initialPosition, onSetUpBoard, onAnalyse }: Props) {
  const [color, setColor] = useState<ColorChoice>('white');
  const [level, setLevel] = useState<LevelNumber>(rememberedLevel);
  const [clock, setClock] = useState<TimeControl | null | string>(null);
  const [chess960, setChess960] = useState<Chess960Request>(null);
  const [fromPosition, setFromPosition] = useState(Boolean(initialPosition));
  const [positionText, setPositionText] = useState(initialPosition ?? '');
  const position = useMemo(() => (fromPosition ? positionRequest(positionText) : null), [fromPosition, positionText]);
  const preview = usePositionPreview(position);
  // A PGN that was already over comes back with its players (`players`): it opens for review.
  const create = useMutation({ mutationFn: (request: NewGameRequest) => startGame(request), onSuccess: onCreated });
  /** True from "Play" until the screen moves to the new game. */
  const starting = create.isPending || create.isSuccess;
  const error = create.isError ? describeError(create.error) : null;
  const resumable = useResumableGame();
  const ladder = useLevels();
  const rating = usePlayerRating();
  const stepOf = (value: number) => ladder?.levels.find((step) => step.level === value);
  const describe = (value: LevelNumber) => {
    const step = stepOf(value);
    return step ? `${LEVEL_DESCRIPTIONS[value]} · rated ${step.rating} [${step.low}–${step.high}]` : LEVEL_DESCRIPTIONS[value];
  };
  const choose = (value: number) => {
    if (!isLevel(value)) return;
    setLevel(value);
    rememberLevel(value);
  };
  /** Why "Play" cannot start yet, if it cannot. */
  const blocked = typeof clock === 'string' || typeof chess960 === 'string' || (fromPosition && preview.state !== 'ready');

  const start = () => {
    if (blocked) return;
    unlockAudio(); // inside the click, so Stockfish's first move can sound
    // A Chess960 game from a pasted position keeps that position: the setup number is for a fresh start.
    const variant = chess960 && typeof chess960 !== 'string' ? (position ? { variant: chess960.variant } : chess960) : {};
    create.mutate({ color, level, ...(clock ? { clock } : {}), ...variant, ...(position ?? {}) });
  };

  return (
    <div className="start-screen">
      <section className="start-card" aria-labelledby="start-title">
        <h1 id="start-title">Play Stockfish</h1>
        <p className="lead">Play Stockfish, the strongest open-source chess engine, at a level that suits you.</p>
        {/* Two columns on a desktop (the choices, then the game's options and Play), one on a phone. */}
        <div className="start-columns">
          <div className="start-main">
            <FirstVisitQuestion onStep={choose} />
            {resumable && (
              <div className="resume" data-testid="resume-card">
                <span>
                  Your game at level {resumable.level} is not finished ({movesText(resumable.moves.length)} played).
                </span>
                <button type="button" className="primary" data-testid="resume" onClick={() => onResume(resumable.id)}>
                  Resume your game
                </button>
              </div>
            )}
            <PracticeLink onOpen={onPractice} />
            <fieldset className="side-choice">
              <legend>Play as</legend>
              {SIDES.map((side) => (
                <label key={side.value} className={`side-option${color === side.value ? ' chosen' : ''}`} data-side={side.value}>
                  <input
                    type="radio"
                    name="color"
                    value={side.value}
                    checked={color === side.value}
                    onChange={() => setColor(side.value)}
                  />
                  <span className={`side-symbol ${side.value}`} aria-hidden="true">
                    {side.symbol}
                  </span>
                  <span>{side.label}</span>
                </label>
              ))}
            </fieldset>
            <fieldset className="level-choice">
              <legend>
                Level <strong>{level}</strong>
              </legend>
              <LevelGrid level={level} ladder={ladder} onChoose={choose} describe={describe} />
              <p className="level-description" id="level-description" data-testid="level-description">
                {describe(level)}
              </p>
              {ladder && <ScaleDetails scale={ladder.scale} />}
              <RatingLine answer={rating} onChoose={choose} />
            </fieldset>
          </div>
          <div className="start-side">
            <TimeControlChoice onChange={setClock} />
            <Chess960Choice onChange={setChess960} />
            <fieldset className="start-from">
              <legend>Start from</legend>
              <label className="toggle">
                <input
                  type="checkbox"
                  checked={fromPosition}
                  onChange={(event) => setFromPosition(event.target.checked)}
                  data-testid="from-position"
                />
                A position (FEN or PGN)
              </label>
              {fromPosition && (
                <PositionSetup
                  text={positionText}
                  onText={setPositionText}
                  preview={preview}
                  orientation={color === 'black' ? 'black' : 'white'}
                  onSetUpBoard={() => onSetUpBoard(positionText, preview.state === 'ready' ? preview.preview.fen : undefined)}
                  onAnalyse={position ? () => onAnalyse(position) : undefined}
                />
              )}
            </fieldset>
            <button type="button" className="primary play" onClick={start} disabled={starting || blocked} data-testid="play">
              {starting ? 'Starting…' : 'Play'}
            </button>
            {error && (
              <p className="notice" role="alert">
                {error}
              </p>
            )}
            <button type="button" className="my-games-link" onClick={onMyGames} data-testid="my-games-link">
              <Icon name="list" /> My games
            </button>
          </div>
        </div>
      </section>
    </div>
  );
}
