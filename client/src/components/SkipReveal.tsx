/**
 * The two ways out of a puzzle still open (Retry your mistakes, practice): Skip to the next one,
 * or Reveal the answer; both wait while a try is being judged. `testIdPrefix` names the screen
 * (`retry-skip`, `practice-reveal`).
 */
export function SkipReveal({
  onSkip,
  onReveal,
  busy,
  testIdPrefix,
}: {
  onSkip: () => void;
  onReveal: () => void;
  busy: boolean;
  testIdPrefix: string;
}) {
  return (
    <>
      <button type="button" onClick={onSkip} disabled={busy} data-testid={`${testIdPrefix}-skip`}>
        Skip
      </button>
      <button type="button" onClick={onReveal} disabled={busy} data-testid={`${testIdPrefix}-reveal`}>
        Reveal
      </button>
    </>
  );
}
