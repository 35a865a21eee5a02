import type { ExploreLine } from '../../../api/types';
import { describeScore, formatScore } from '../../../chess/evaluation';
import { MAX_LINES } from '../api/exploreStream';
import type { EngineState } from '../model/engineState';
import { lineParts } from '../model/moveText';

interface Props {
  /** Null while the engine is off. */
  engine: EngineState | null;
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  lines: number;
  onLines: (lines: number) => void;
  /** The FEN of the position searched, to number the lines' moves. */
  fen: string;
  /** Plays a line's first move on the board. */
  onPlay: (uci: string) => void;
  /** Whether the position has moves to search (a finished position has none). */
  searchable: boolean;
}

const LINE_CHOICES = Array.from({ length: MAX_LINES }, (_, index) => index + 1);

/** What the panel's status line says for a phase. */
function statusText(engine: EngineState): string {
  switch (engine.phase) {
    case 'connecting':
      return 'Starting the engine…';
    case 'waiting':
      return 'Waiting for an engine…';
    case 'searching':
      return 'Searching';
    case 'done':
      return engine.cached ? 'From the cache' : 'Search finished';
    case 'stopped':
      return 'Stopped';
    case 'failed':
      return 'The engine is not available right now.';
  }
}

function EngineLine({ line, fen, onPlay }: { line: ExploreLine; fen: string; onPlay: (uci: string) => void }) {
  const score = formatScore(line.eval);
  const { first, rest } = lineParts(fen, line.san);
  return (
    <li className="engine-line" data-testid="engine-line" data-rank={line.rank} data-eval={score}>
      <span className="engine-eval" title={describeScore(line.eval)}>
        {score}
      </span>
      <span className="engine-moves">
        {first && (
          <button
            type="button"
            className="engine-first"
            onClick={() => onPlay(line.uci[0])}
            title={`Play ${line.san[0]}`}
            data-testid="engine-play"
            data-uci={line.uci[0]}
          >
            {first}
          </button>
        )}{' '}
        {rest}
      </span>
    </li>
  );
}

/**
 * The live engine (lichess's "local evaluation", served): on/off, the number of lines, the depth
 * reached, each line's score from white's side (mate as #N) and its moves; a line's first move is
 * a button that plays it.
 */
export function EnginePanel({ engine, enabled, onEnabled, lines, onLines, fen, onPlay, searchable }: Props) {
  return (
    <section
      className="engine-panel"
      aria-label="Engine"
      data-testid="engine-panel"
      data-phase={engine?.phase ?? 'off'}
      data-depth={engine?.depth ?? ''}
    >
      <div className="engine-head">
        <label className="toggle">
          <input type="checkbox" checked={enabled} onChange={(event) => onEnabled(event.target.checked)} data-testid="engine-toggle" />
          Engine
        </label>
        <label className="engine-lines-choice">
          Lines{' '}
          <select value={lines} onChange={(event) => onLines(Number(event.target.value))} data-testid="engine-lines">
            {LINE_CHOICES.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </label>
        {engine && engine.depth !== null && (
          <span className="engine-depth" data-testid="engine-depth">
            depth {engine.depth}
          </span>
        )}
      </div>
      {!enabled ? (
        <p className="engine-status">The engine is off (press l to turn it on).</p>
      ) : !searchable ? (
        <p className="engine-status">No moves to search: the game is over in this position.</p>
      ) : (
        engine && (
          <>
            <p className="engine-status" role="status" data-testid="engine-status">
              {engine.phase === 'searching' && <span className="spinner" aria-hidden="true" />} {statusText(engine)}
            </p>
            {engine.lines.length > 0 && (
              <ol className={`engine-lines${engine.phase === 'failed' || engine.phase === 'stopped' ? ' stale' : ''}`}>
                {engine.lines.map((line) => (
                  <EngineLine key={line.rank} line={line} fen={fen} onPlay={onPlay} />
                ))}
              </ol>
            )}
          </>
        )
      )}
    </section>
  );
}
