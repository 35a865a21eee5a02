import type { Weaknesses } from '../../../api/practice';

type KindName = Weaknesses['by_kind'][number]['kind'];
type PhaseName = Weaknesses['by_phase'][number]['phase'];

const KIND_LABELS: Record<KindName, string> = {
  hangs: 'hung pieces',
  forks: 'missed forks',
  mates_allowed: 'mates allowed',
  missed_wins: 'missed wins',
  other_tactics: 'other tactics',
  material_lost: 'material lost',
  unexplained: 'other mistakes',
};

const PHASE_LABELS: Record<PhaseName, string> = {
  opening: 'in the opening',
  middlegame: 'in the middlegame',
  endgame: 'in the endgame',
};

/** "missed forks: 7 of 23": one line per kind with cards, as the server counted them. */
export function kindLines(weaknesses: Weaknesses): string[] {
  return weaknesses.by_kind.filter((count) => count.cards > 0).map((count) => `${KIND_LABELS[count.kind]}: ${count.cards} of ${count.of}`);
}

/** "in the endgame: 4 of 23": one line per phase with cards, in game order. */
export function phaseLines(weaknesses: Weaknesses): string[] {
  return weaknesses.by_phase
    .filter((count) => count.cards > 0)
    .map((count) => `${PHASE_LABELS[count.phase]}: ${count.cards} of ${count.of}`);
}
