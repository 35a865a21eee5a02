import { describe, expect, it } from 'vitest';
import { AFTER_E4_VIEW } from '../test/fixtures';
import { parseGameEvent, parseThinkingEvent } from './events';
import { parseScore } from './score';

describe('thinking events', () => {
  it('reads the contract example', () => {
    const data =
      '{"kind":"engine","ply":1,"depth":12,"target_depth":20,"score":{"cp":34},"nodes":123456,"nps":987654,"pv":["e5","Nf3","Nc6"]}';
    expect(parseThinkingEvent(data)).toEqual({
      kind: 'engine',
      ply: 1,
      depth: 12,
      targetDepth: 20,
      score: { cp: 34 },
      nodes: 123456,
      nps: 987654,
      pv: ['e5', 'Nf3', 'Nc6'],
    });
  });

  it('reads a mate score for black', () => {
    expect(parseThinkingEvent('{"kind":"engine","ply":9,"depth":5,"target_depth":20,"score":{"mate":-3},"pv":[]}')?.score).toEqual({
      mate: -3,
    });
  });

  it('does without the optional counters and line', () => {
    expect(parseThinkingEvent('{"kind":"engine","ply":0,"depth":1,"target_depth":3,"score":{"cp":-8}}')).toMatchObject({
      nodes: 0,
      nps: 0,
      pv: [],
    });
  });

  it('drops events it cannot trust', () => {
    expect(parseThinkingEvent('not json')).toBeUndefined();
    expect(parseThinkingEvent('[1,2]')).toBeUndefined();
    expect(parseThinkingEvent('{"kind":"engine","ply":1,"depth":12,"target_depth":20}')).toBeUndefined();
    expect(parseThinkingEvent('{"kind":"engine","ply":1,"depth":"12","target_depth":20,"score":{"cp":3}}')).toBeUndefined();
    // Without its kind, or of a kind this client does not know, an event is not read as a search.
    expect(parseThinkingEvent('{"ply":1,"depth":12,"target_depth":20,"score":{"cp":3}}')).toBeUndefined();
    expect(parseThinkingEvent('{"kind":"oracle","ply":1,"depth":12,"target_depth":20,"score":{"cp":3}}')).toBeUndefined();
  });

  it("reads a Maia step's human moves, the one it plays among them", () => {
    const data =
      '{"kind":"human","ply":1,"score":{"cp":-12},"pv":["c5"],"candidates":[{"san":"e5","uci":"e7e5","probability":0.5},{"san":"c5","uci":"c7c5","probability":0.17}]}';
    expect(parseThinkingEvent(data)).toEqual({
      kind: 'human',
      ply: 1,
      score: { cp: -12 },
      pv: ['c5'],
      candidates: [
        { san: 'e5', uci: 'e7e5', probability: 0.5 },
        { san: 'c5', uci: 'c7c5', probability: 0.17 },
      ],
    });
    expect(parseThinkingEvent('{"kind":"human","ply":1,"score":{"cp":-12},"pv":["c5"],"candidates":[]}')).toBeUndefined();
  });

  it('accepts exactly one of centipawns and mate as a score', () => {
    expect(parseScore({ cp: 0 })).toEqual({ cp: 0 });
    expect(parseScore({ cp: 1, mate: 2 })).toBeUndefined();
    expect(parseScore({ cp: 0.5 })).toBeUndefined();
    expect(parseScore(null)).toBeUndefined();
  });
});

describe('game events', () => {
  const view = AFTER_E4_VIEW;

  it('reads a GameView exactly as GET /api/games/{id} sends it', () => {
    expect(parseGameEvent(JSON.stringify(view))).toEqual(view);
  });

  it('drops a view whose moves do not match its ply, or that misses fields', () => {
    expect(parseGameEvent(JSON.stringify({ ...view, ply: 2 }))).toBeUndefined();
    expect(parseGameEvent(JSON.stringify({ ...view, turn: 'red' }))).toBeUndefined();
    const { fen: _fen, ...withoutFen } = view;
    expect(parseGameEvent(JSON.stringify(withoutFen))).toBeUndefined();
  });

  it('drops a view whose moves lack the position after them (a server older than fen_after)', () => {
    expect(parseGameEvent(JSON.stringify({ ...view, moves: [{ uci: 'e2e4', san: 'e4' }] }))).toBeUndefined();
    const { fen_after: _after, ...withoutFenAfter } = view.legal_moves[0];
    expect(parseGameEvent(JSON.stringify({ ...view, legal_moves: [withoutFenAfter] }))).toBeUndefined();
  });
});
