import type { Analysis, SideSummary } from '../../../../api/analysisTypes';
import type { Color } from '../../../../chess/types';
import { analysisStatusText } from '../model/analysisStatus';
import { PhaseAccuracy } from './PhaseAccuracy';

interface Props {
  analysis: Analysis;
  /** What to call each side, e.g. "You" and "Stockfish"; "White" and "Black" by default. */
  names?: Record<Color, string>;
  /** Asks for the analysis again; without it a failure shows no button (a spectator cannot ask). */
  onRetry?: () => void;
}

const SIDES: readonly Color[] = ['white', 'black'];

/**
 * How the analysis stands: its progress while Stockfish works, a failure, or each side's figures.
 * The phase (`analysisStatusText`) sits in a live region that stays in place from the first look to
 * the figures, so a screen reader hears "Analysing…", "Quick look ready — refining", "Review ready."
 * once each; the count of refined positions beside it is shown, not announced (the progress bar has it).
 */
export function AccuracyPanel({ analysis, names = { white: 'White', black: 'Black' }, onRetry }: Props) {
  const { status, progress, accuracy, summary, phases } = analysis;
  const text = analysisStatusText(analysis);
  if (status === 'queued' || status === 'running') {
    const total = Math.max(progress.total, progress.done);
    return (
      <section className="accuracy-panel" data-testid="accuracy-panel" data-status={status}>
        <p className="accuracy-status" data-testid="analysis-status">
          <span role="status">{text.phase}</span>
          {text.count && (
            <span className="accuracy-status-count" aria-hidden="true">
              {' '}
              {text.count}
            </span>
          )}
        </p>
        <div
          className="analysis-progress"
          role="progressbar"
          aria-label="Analysis progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={progress.done}
          aria-valuetext={`${progress.done} of ${total} positions`}
        >
          <div className="analysis-progress-done" style={{ width: `${total > 0 ? (100 * progress.done) / total : 0}%` }} />
        </div>
      </section>
    );
  }
  if (status === 'failed') {
    return (
      <section className="accuracy-panel failed" data-testid="accuracy-panel" data-status={status}>
        <p className="accuracy-status" role="alert">
          The analysis failed.
        </p>
        {onRetry && (
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        )}
      </section>
    );
  }
  return (
    <section className="accuracy-panel" data-testid="accuracy-panel" data-status={status}>
      <p className="sr-only" data-testid="analysis-status">
        <span role="status">{text.phase}</span>
      </p>
      <table className="accuracy-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Side</span>
            </th>
            <th scope="col">Accuracy</th>
            <SymbolHeader symbol="?!" name="Inaccuracies" />
            <SymbolHeader symbol="?" name="Mistakes" />
            <SymbolHeader symbol="??" name="Blunders" />
            <SymbolHeader symbol="ACPL" name="Average centipawn loss" />
          </tr>
        </thead>
        <tbody>
          {SIDES.map((side) => (
            <SideRow key={side} side={side} name={names[side]} accuracy={accuracy?.[side] ?? null} summary={summary?.[side]} />
          ))}
        </tbody>
      </table>
      {phases && <PhaseAccuracy phases={phases} names={names} />}
    </section>
  );
}

function SideRow({ side, name, accuracy, summary }: { side: Color; name: string; accuracy: number | null; summary?: SideSummary }) {
  const count = (n: number | undefined) => (n === undefined ? '–' : n);
  return (
    <tr data-side={side}>
      <th scope="row">
        <span className={`color-dot ${side}`} aria-hidden="true" /> {name}
      </th>
      <td className="accuracy-value" data-testid={`accuracy-${side}`}>
        {accuracy === null ? '–' : `${Math.round(accuracy)}%`}
      </td>
      <td className="inaccuracy">{count(summary?.inaccuracies)}</td>
      <td className="mistake">{count(summary?.mistakes)}</td>
      <td className="blunder">{count(summary?.blunders)}</td>
      <td>{count(summary?.acpl)}</td>
    </tr>
  );
}

/** A short column heading that screen readers hear in full. */
function SymbolHeader({ symbol, name }: { symbol: string; name: string }) {
  return (
    <th scope="col" title={name}>
      <span aria-hidden="true">{symbol}</span>
      <span className="sr-only">{name}</span>
    </th>
  );
}
