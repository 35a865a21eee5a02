import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from './settings';

describe('stored settings', () => {
  it('are the defaults when nothing is stored or the entry is unreadable', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('42')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('null')).toEqual(DEFAULT_SETTINGS);
  });

  it('read back what was written', () => {
    const chosen = { theme: 'blue', coordinates: false, animation: 'slow', premoves: false, confirmResign: false, training: true } as const;
    expect(parseSettings(JSON.stringify(chosen))).toEqual(chosen);
  });

  it('fall back field by field on unknown or mistyped values', () => {
    expect(parseSettings(JSON.stringify({ theme: 'neon', coordinates: 'no', animation: 'warp', training: true }))).toEqual({
      ...DEFAULT_SETTINGS,
      training: true,
    });
  });

  it('start untrained, with premoves, coordinates and a resign that asks first', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ premoves: true, coordinates: true, confirmResign: true, training: false });
  });
});
