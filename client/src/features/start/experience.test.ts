// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { EXPERIENCES, experienceAsked, rememberExperience, stepFor } from './experience';

beforeEach(() => localStorage.clear());

describe('the first-visit question', () => {
  it('is asked until answered or skipped, then never again', () => {
    expect(experienceAsked()).toBe(false);
    rememberExperience('skipped');
    expect(experienceAsked()).toBe(true);
  });

  it('starts a stronger player at a higher step, each answer on a step of its own', () => {
    const steps = EXPERIENCES.map((choice) => stepFor(choice.value));
    expect(steps[0]).toBe(1);
    expect(steps.every((step, i) => i === 0 || step > steps[i - 1])).toBe(true);
  });
});
