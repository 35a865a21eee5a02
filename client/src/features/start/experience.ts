import { readText, writeText } from '../../storage/persisted';

/**
 * The first visit's question (issue #40): how much the player has played picks the step they
 * start at. Asked once per browser; every later visit goes straight to the start screen.
 */
export type Experience = 'new' | 'little' | 'club' | 'strong';

export const EXPERIENCES: readonly { value: Experience; label: string; step: number }[] = [
  { value: 'new', label: "I'm new to chess", step: 1 },
  { value: 'little', label: "I've played a little", step: 4 },
  { value: 'club', label: 'I play at a club', step: 9 },
  { value: 'strong', label: "I'm a strong player", step: 14 },
];

const STORAGE_KEY = 'alphachess:experience';

/** Whether the question was answered (or skipped) in this browser. */
export function experienceAsked(): boolean {
  return readText(STORAGE_KEY) !== null;
}

/** Remembers the answer (`skipped` when the player skipped it). */
export function rememberExperience(answer: Experience | 'skipped'): void {
  writeText(STORAGE_KEY, answer);
}

/** The step an answer starts at. */
export function stepFor(answer: Experience): number {
  return EXPERIENCES.find((choice) => choice.value === answer)?.step ?? 1;
}
