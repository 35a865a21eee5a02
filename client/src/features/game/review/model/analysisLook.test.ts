import { describe, expect, it } from 'vitest';
import { analysisLook } from './analysisLook';

describe('how to look at a finished game’s analysis', () => {
  it('asks (POST) with the token when nothing is known yet, whatever the view says', () => {
    expect(analysisLook(true, 'none', false)).toBe('ask');
    expect(analysisLook(true, 'requested', false)).toBe('ask');
    expect(analysisLook(true, undefined, false)).toBe('ask');
  });

  it('reads (GET) an analysis already known, with or without the token', () => {
    expect(analysisLook(true, 'none', true)).toBe('get');
    expect(analysisLook(false, 'none', true)).toBe('get');
    expect(analysisLook(false, 'requested', true)).toBe('get');
  });

  it('reads without the token once the view says a review was requested, or does not say', () => {
    expect(analysisLook(false, 'requested', false)).toBe('get');
    expect(analysisLook(false, undefined, false)).toBe('get');
  });

  it('sends nothing without the token while the view says nobody asked for a review', () => {
    expect(analysisLook(false, 'none', false)).toBe('none');
  });
});
