import { useState } from 'react';
import { sendEstimate } from '../../api/account';
import { playerKey } from '../../api/playerKey';
import { EXPERIENCES, type Experience, experienceAsked, rememberExperience, stepFor } from './experience';

/**
 * "How much have you played?", once, on the first visit: the answer picks the starting step. Above
 * the start screen, never in its way; gone for good once answered or skipped. The answer also
 * reaches the server as the key's starting rating; if it cannot, the rating simply starts at 1500.
 */
export function FirstVisitQuestion({ onStep }: { onStep: (step: number) => void }) {
  const [open, setOpen] = useState(() => !experienceAsked());
  if (!open) return null;
  const answer = (value: Experience | 'skipped') => {
    rememberExperience(value);
    if (value !== 'skipped') {
      onStep(stepFor(value));
      sendEstimate(playerKey(), value).catch(() => undefined);
    }
    setOpen(false);
  };
  return (
    <section className="first-visit" aria-labelledby="first-visit-title" data-testid="first-visit">
      <h2 id="first-visit-title">Welcome! How much have you played?</h2>
      <div className="first-visit-choices">
        {EXPERIENCES.map((choice) => (
          <button key={choice.value} type="button" data-testid={`experience-${choice.value}`} onClick={() => answer(choice.value)}>
            {choice.label}
          </button>
        ))}
        <button type="button" className="link" data-testid="experience-skip" onClick={() => answer('skipped')}>
          Skip
        </button>
      </div>
    </section>
  );
}
