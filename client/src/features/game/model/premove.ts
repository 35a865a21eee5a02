import type { LegalMove } from '../../../api/types';
import { intentFor, promotionMove } from '../../../chess/legal';
import type { Premove } from '../../../components/Board';

/** The listed move a premove names now (a promotion as a queen), if it names one. */
export function premoveMove(legalMoves: readonly LegalMove[], premove: Premove): LegalMove | undefined {
  const intent = intentFor(legalMoves, premove.from, premove.to);
  if (intent.kind === 'move') return intent.move;
  if (intent.kind === 'promotion') return promotionMove(legalMoves, premove.from, premove.to, 'q');
  return undefined;
}
