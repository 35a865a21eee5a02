import { describe, expect, it } from 'vitest';
import { analysedPly } from '../../../../test/analysedPly';
import type { GameLine } from './gameLine';
import {
  areaPath,
  evalText,
  GRAPH_FRAME,
  curveClass,
  curvePieces,
  type GraphFrame,
  type GraphPoint,
  graphLabel,
  graphPoints,
  graphShare,
  linePath,
  nearestPly,
  plyX,
  pointClass,
  pointLabel,
  pointRuns,
  shareY,
  viewX,
  zeroY,
} from './graph';

const point = (ply: number, y: number, provisional = false): GraphPoint => ({ ply, x: plyX(ply, 5, FRAME), y, provisional });
const LINE: GameLine = { sans: ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4'], firstTurn: 'white', firstFullmove: 1 };
/** 400 × 120 with 6 units of room: the plot spans x 6..394 and y 6..114, equal at y 60. */
const FRAME: GraphFrame = GRAPH_FRAME;

describe('the height of a score', () => {
  it('is the zero line when equal and leans the way the score does, symmetrically', () => {
    expect(graphShare({ cp: 0 }, 'white')).toBeCloseTo(0.5);
    expect(graphShare({ cp: 150 }, 'white')).toBeGreaterThan(0.6);
    expect(graphShare({ cp: -150 }, 'white')).toBeCloseTo(1 - graphShare({ cp: 150 }, 'white'));
  });

  it('clips centipawns at ten pawns, short of the edge', () => {
    expect(graphShare({ cp: 5000 }, 'white')).toBe(graphShare({ cp: 1000 }, 'white'));
    expect(graphShare({ cp: 1000 }, 'white')).toBeLessThan(1);
    expect(graphShare({ cp: -5000 }, 'black')).toBeGreaterThan(0);
  });

  it('puts a forced mate at the edge of the side that mates, whoever moved', () => {
    expect(graphShare({ mate: 7 }, 'black')).toBe(1);
    expect(graphShare({ mate: -1 }, 'white')).toBe(0);
  });

  it('puts a checkmate on the board at the edge of the side that delivered it', () => {
    expect(graphShare({ mate: 0 }, 'white')).toBe(1);
    expect(graphShare({ mate: 0 }, 'black')).toBe(0);
  });

  it('maps white winning to the top, equal to the middle, black winning to the bottom', () => {
    expect(shareY(1, FRAME)).toBe(6);
    expect(zeroY(FRAME)).toBe(60);
    expect(shareY(0, FRAME)).toBe(114);
  });
});

describe('the x axis', () => {
  it('runs from the first ply to the last', () => {
    expect(plyX(1, 5, FRAME)).toBe(6);
    expect(plyX(3, 5, FRAME)).toBe(200);
    expect(plyX(5, 5, FRAME)).toBe(394);
  });

  it('puts the only move of a one-move game in the middle', () => {
    expect(plyX(1, 1, FRAME)).toBe(200);
  });

  it('finds the ply nearest to x, clamped to the game', () => {
    expect(nearestPly(200, 5, FRAME)).toBe(3);
    expect(nearestPly(54, 5, FRAME)).toBe(1);
    expect(nearestPly(55, 5, FRAME)).toBe(2);
    expect(nearestPly(-40, 5, FRAME)).toBe(1);
    expect(nearestPly(999, 5, FRAME)).toBe(5);
    expect(nearestPly(300, 1, FRAME)).toBe(1);
    expect(nearestPly(300, 0, FRAME)).toBeUndefined();
  });

  it('finds back every ply from its own x', () => {
    for (let ply = 1; ply <= 80; ply += 1) expect(nearestPly(plyX(ply, 80, FRAME), 80, FRAME)).toBe(ply);
  });

  it('scales a pointer position on screen to user units', () => {
    expect(viewX(150, 50, 200, FRAME)).toBe(200);
    expect(viewX(10, 0, 0, FRAME)).toBe(0);
  });
});

describe('the curve', () => {
  it('has a point per analysed ply in ply order, leaving the rest of the axis empty', () => {
    const points = graphPoints([analysedPly(2, { cp: 0 }), analysedPly(1, { mate: 3 })], LINE, FRAME);
    expect(points).toEqual([
      { ply: 1, x: 6, y: 6, provisional: false },
      { ply: 2, x: 103, y: 60, provisional: false },
    ]);
  });

  it('marks the points of provisional plies as provisional', () => {
    const points = graphPoints([analysedPly(1, { cp: 0 }, null, true), analysedPly(2, { cp: 0 })], LINE, FRAME);
    expect(points.map((p) => p.provisional)).toEqual([true, false]);
  });

  it('ignores plies the game does not have', () => {
    expect(graphPoints([analysedPly(6, { cp: 0 })], LINE, FRAME)).toEqual([]);
  });

  it('draws the line and the area closed along the zero line', () => {
    const points = [point(1, 50), point(2, 70)];
    expect(linePath(points)).toBe('M6 50 L103 70');
    expect(curvePieces(points)).toEqual([{ provisional: false, d: 'M6 50 L103 70' }]);
    expect(areaPath(points, FRAME)).toBe('M6 60 L6 50 L103 70 L103 60 Z');
    expect(areaPath([], FRAME)).toBe('');
    expect(curvePieces([])).toEqual([]);
  });

  it('draws every segment touching a provisional point as provisional, the rest solid', () => {
    const points = [point(1, 50), point(2, 70), point(3, 40, true), point(4, 30), point(5, 20)];
    expect(curvePieces(points)).toEqual([
      { provisional: false, d: 'M6 50 L103 70' },
      { provisional: true, d: 'M103 70 L200 40 L297 30' },
      { provisional: false, d: 'M297 30 L394 20' },
    ]);
  });

  it('draws the whole curve solid once every provisional point has its final ply', () => {
    const quick = [point(1, 50, true), point(2, 70, true), point(3, 40, true)];
    expect(curvePieces(quick)).toEqual([{ provisional: true, d: 'M6 50 L103 70 L200 40' }]);
    const final = quick.map((p) => ({ ...p, provisional: false }));
    expect(curvePieces(final)).toEqual([{ provisional: false, d: 'M6 50 L103 70 L200 40' }]);
  });

  it('breaks the curve and the area where plies are missing', () => {
    const points = [point(1, 50), point(2, 70), point(4, 30, true), point(5, 20)];
    expect(pointRuns(points).map((run) => run.map((p) => p.ply))).toEqual([
      [1, 2],
      [4, 5],
    ]);
    expect(curvePieces(points)).toEqual([
      { provisional: false, d: 'M6 50 L103 70' },
      { provisional: true, d: 'M297 30 L394 20' },
    ]);
    expect(areaPath(points, FRAME)).toBe('M6 60 L6 50 L103 70 L103 60 Z M297 60 L297 30 L394 20 L394 60 Z');
  });

  it('draws no segment for a point alone between gaps: its mark shows it', () => {
    expect(curvePieces([point(1, 50), point(3, 40), point(5, 20)])).toEqual([]);
  });
});

describe('the classes of the marks and the curve', () => {
  it('colour a mark by its judgment, hollow while provisional, highlighted when selected', () => {
    expect(pointClass(analysedPly(1, { cp: 0 }), false)).toBe('eval-graph-point');
    expect(pointClass(analysedPly(2, { cp: 0 }, 'mistake'), true)).toBe('eval-graph-point mistake selected');
    expect(pointClass(analysedPly(3, { cp: 0 }, 'blunder', true), false)).toBe('eval-graph-point blunder provisional');
    expect(pointClass(analysedPly(4, { cp: 0 }, null, true), true)).toBe('eval-graph-point provisional selected');
  });

  it('draw a provisional piece of the curve apart from a final one', () => {
    expect(curveClass({ provisional: true, d: '' })).toBe('eval-graph-line provisional');
    expect(curveClass({ provisional: false, d: '' })).toBe('eval-graph-line');
  });
});

describe('the graph in words', () => {
  it('labels a point with the move, its judgment and the score', () => {
    expect(pointLabel(analysedPly(4, { cp: -320 }, 'blunder'), LINE)).toBe('2… Nc6?? -3.20');
    expect(pointLabel(analysedPly(3, { mate: 2 }), LINE)).toBe('2. Qh5 #2');
  });

  it('says when a point is provisional', () => {
    expect(pointLabel(analysedPly(4, { cp: -290 }, 'blunder', true), LINE)).toBe('2… Nc6?? -2.90 (provisional)');
  });

  it('writes a checkmate on the board without a number', () => {
    expect(evalText({ mate: 0 })).toBe('#');
    expect(evalText({ cp: 40 })).toBe('+0.40');
  });

  it('sums up each side and how far the analysis has got', () => {
    const plies = [analysedPly(1, { cp: 20 }), analysedPly(2, { cp: 300 }, 'blunder'), analysedPly(3, { cp: 100 }, 'mistake')];
    expect(graphLabel(plies, LINE)).toBe('Evaluation graph: 1 mistake by white; 1 blunder by black (3 of 5 moves analysed)');
    const all = [1, 2, 3, 4, 5].map((ply) => analysedPly(ply, { cp: 0 }));
    expect(graphLabel(all, LINE)).toBe('Evaluation graph: no mistakes by white; no mistakes by black');
  });

  it('counts only final judgments and says how many moves are provisional', () => {
    const plies = [analysedPly(1, { cp: 20 }), analysedPly(2, { cp: 300 }, 'blunder', true), analysedPly(3, { cp: 100 }, 'mistake')];
    expect(graphLabel(plies, LINE)).toBe(
      'Evaluation graph: 1 mistake by white; no mistakes by black (2 of 5 moves analysed, 1 provisional)',
    );
  });
});
