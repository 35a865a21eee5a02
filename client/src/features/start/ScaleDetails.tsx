import { scaleAnchor } from '../../api/ladder';

/**
 * What the grid's ratings mean, in words a beginner reads, with the technical anchor (the ladder's
 * `scale`) folded into a details line for whoever wants it (issue #40).
 */
export function ScaleDetails({ scale }: { scale: string }) {
  return (
    <details className="level-scale" data-testid="level-scale">
      <summary>What do the ratings mean?</summary>
      <p>
        Each number is how strongly that step plays, measured in games against Stockfish set to known strengths. Higher is stronger: a step
        about 200 points above another wins about three games in four against it. The numbers are not club or online ratings, so yours may
        differ.
      </p>
      <p className="level-scale-anchor">Technically: {scaleAnchor(scale)}.</p>
    </details>
  );
}
