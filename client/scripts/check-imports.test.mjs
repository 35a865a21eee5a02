// Unit tests of the import rules (node --test scripts/).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crossFeatureImports, cycles, sharedImportsOfFeatures, upwardLayerImports } from './check-imports.mjs';

test('a cycle through three modules is found and named in order', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  assert.deepEqual(cycles(graph), [['a', 'b', 'c']]);
});

test('a graph without cycles has none, and a self-import is one', () => {
  assert.deepEqual(
    cycles(
      new Map([
        ['a', ['b']],
        ['b', []],
      ]),
    ),
    [],
  );
  assert.deepEqual(cycles(new Map([['a', ['a']]])), [['a']]);
});

test('an import from one feature into another is reported, within a feature or to shared code is not', () => {
  const src = '/app/src';
  const graph = new Map([
    ['/app/src/features/game/A.tsx', ['/app/src/features/game/b.ts', '/app/src/components/Board.tsx']],
    ['/app/src/features/game/review/R.tsx', ['/app/src/features/start/StartScreen.tsx']],
  ]);
  assert.deepEqual(crossFeatureImports(src, graph), [['/app/src/features/game/review/R.tsx', '/app/src/features/start/StartScreen.tsx']]);
});

test('shared code importing a feature is reported, the composition root and features themselves are not', () => {
  const src = '/app/src';
  const graph = new Map([
    ['/app/src/components/Board.tsx', ['/app/src/chess/types.ts', '/app/src/features/game/boardState.ts']],
    ['/app/src/api/games.ts', ['/app/src/features/start/StartScreen.tsx']],
    ['/app/src/app/App.tsx', ['/app/src/features/game/GameScreen.tsx']],
    ['/app/src/main.tsx', ['/app/src/features/start/StartScreen.tsx']],
    ['/app/src/features/game/GameScreen.tsx', ['/app/src/features/game/boardState.ts', '/app/src/components/Board.tsx']],
  ]);
  assert.deepEqual(sharedImportsOfFeatures(src, graph), [
    ['/app/src/components/Board.tsx', '/app/src/features/game/boardState.ts'],
    ['/app/src/api/games.ts', '/app/src/features/start/StartScreen.tsx'],
  ]);
});

test("an import up a feature's layers is reported, down or sideways is not, and tests may import any layer", () => {
  const src = '/app/src';
  const graph = new Map([
    [
      '/app/src/features/game/model/viewGuard.ts',
      ['/app/src/features/game/hooks/useGameView.ts', '/app/src/features/game/model/notice.ts'],
    ],
    [
      '/app/src/features/game/hooks/useGameView.ts',
      ['/app/src/features/game/api/gameQueries.ts', '/app/src/features/game/model/viewGuard.ts'],
    ],
    ['/app/src/features/game/review/model/graph.ts', ['/app/src/features/game/review/components/EvalGraph.tsx']],
    [
      '/app/src/features/game/components/GameScreen.tsx',
      ['/app/src/features/game/hooks/useGameScreen.ts', '/app/src/components/Board.tsx'],
    ],
    ['/app/src/features/game/api/stream.test.tsx', ['/app/src/features/game/hooks/useGameView.ts']],
  ]);
  assert.deepEqual(upwardLayerImports(src, graph), [
    ['/app/src/features/game/model/viewGuard.ts', '/app/src/features/game/hooks/useGameView.ts'],
    ['/app/src/features/game/review/model/graph.ts', '/app/src/features/game/review/components/EvalGraph.tsx'],
  ]);
});
