import { lazy, Suspense, useState } from 'react';
import type { GameView, TreeRequest } from '../api/types';
import { START_FEN } from '../chess/startPosition';
import { Icon } from '../components/Icon';
import { SettingsDialog } from '../components/SettingsDialog';
import { SoundControls } from '../components/SoundControls';
import { StartScreen } from '../features/start/StartScreen';
import type { LinkToken } from '../api/tokens';
import { LinkTokenNotice } from './LinkTokenNotice';
import { analysisAddress, navigate, parseRoute, useAddress, type Route } from './location';

/**
 * Every screen but the start screen is code-split (issue #26: the first page stays light): the game
 * screen brings the board library with it, and nothing of it is needed to choose a game.
 */
const GameScreen = lazy(() => import('../features/game/components/GameScreen').then((module) => ({ default: module.GameScreen })));
const MyGamesScreen = lazy(() => import('../features/mygames/MyGamesScreen').then((module) => ({ default: module.MyGamesScreen })));
/** The board editor is code-split: its chunk loads when `/editor` is first opened, never with the start page. */
const BoardEditor = lazy(() => import('../features/editor/components/BoardEditor').then((module) => ({ default: module.BoardEditor })));
/** The practice screen (issue #41) is code-split too: `/practice` loads it with the board. */
const PracticeScreen = lazy(() =>
  import('../features/practice/components/PracticeScreen').then((module) => ({ default: module.PracticeScreen })),
);
/** The analysis board is code-split the same way: `/analysis...` loads it. */
const AnalysisScreen = lazy(() =>
  import('../features/analysis/components/AnalysisScreen').then((module) => ({ default: module.AnalysisScreen })),
);

/** What an analysis route opens: a game's tree, a position, or the PGN the start screen handed over. */
function analysisSource(route: Extract<Route, { name: 'analysis' }>, held: TreeRequest | undefined) {
  if ('id' in route) return { kind: 'game', id: route.id } as const;
  const request: TreeRequest = route.fen !== null ? { fen: route.fen } : (held ?? { fen: START_FEN });
  return { kind: 'free', request } as const;
}

/**
 * The app shell: header, and the start, my-games, board-editor or game screen depending on the URL; `linkToken`
 * is what became of the token of the link the page was opened with (see `adoptTokenFromAddress`).
 */
export function App({ linkToken = { kind: 'none' } }: { linkToken?: LinkToken }) {
  const route = parseRoute(useAddress());
  const [created, setCreated] = useState<GameView | undefined>(undefined);
  /** The start screen's "From a position" text, kept while the board editor is open, and the FEN the editor hands back. */
  const [positionText, setPositionText] = useState<string | undefined>(undefined);
  /** The position the board editor opens with: the one the start screen's text shows, if any. */
  const [editorFen, setEditorFen] = useState<string | undefined>(undefined);
  /** A pasted PGN the start screen opened on the analysis board (too long for the address). */
  const [analysisPgn, setAnalysisPgn] = useState<TreeRequest | undefined>(undefined);
  /** Shows a game just created (its first engine move sounds at once). */
  const open = (game: GameView) => {
    setCreated(game);
    setPositionText(undefined);
    navigate(`/game/${game.id}`);
  };

  return (
    <div className="app">
      <header className="app-header">
        <a
          className="brand"
          href="/"
          onClick={(event) => {
            event.preventDefault();
            navigate('/');
          }}
        >
          <span className="brand-mark" aria-hidden="true">
            ♞
          </span>{' '}
          AlphaChess
        </a>
        <div className="header-tools">
          <a
            className="header-link"
            href="/games"
            data-testid="header-my-games"
            onClick={(event) => {
              event.preventDefault();
              navigate('/games');
            }}
          >
            <Icon name="list" /> My games
          </a>
          <SettingsDialog />
          <SoundControls />
        </div>
      </header>
      <main>
        <LinkTokenNotice link={linkToken} />
        {route.name === 'game' ? (
          <Suspense fallback={<p className="screen-loading">Loading the game…</p>}>
            <GameScreen
              key={route.id}
              id={route.id}
              created={created}
              onNewGame={() => navigate('/')}
              onCreated={open}
              onAnalyse={(id, ply) => navigate(`/analysis/${id}?ply=${ply}`)}
            />
          </Suspense>
        ) : route.name === 'analysis' ? (
          <Suspense fallback={<p className="screen-loading">Loading the analysis board…</p>}>
            <AnalysisScreen
              key={'id' in route ? route.id : (route.fen ?? 'held')}
              source={analysisSource(route, analysisPgn)}
              ply={'id' in route ? route.ply : null}
              onBack={() => navigate('id' in route ? `/game/${route.id}` : '/')}
              backLabel={'id' in route ? 'Back to the game' : 'New game'}
              onPlayFrom={(fen) => {
                setPositionText(fen);
                navigate('/');
              }}
            />
          </Suspense>
        ) : route.name === 'games' ? (
          <Suspense fallback={<p className="screen-loading">Loading your games…</p>}>
            <MyGamesScreen onOpen={(id) => navigate(`/game/${id}`)} onNewGame={() => navigate('/')} />
          </Suspense>
        ) : route.name === 'practice' ? (
          <Suspense fallback={<p className="screen-loading">Loading practice…</p>}>
            <PracticeScreen onNewGame={() => navigate('/')} />
          </Suspense>
        ) : route.name === 'editor' ? (
          <Suspense fallback={<p className="screen-loading">Loading the board editor…</p>}>
            <BoardEditor
              initialFen={editorFen}
              onPlay={(fen) => {
                setPositionText(fen);
                navigate('/');
              }}
              onAnalyse={(fen) => navigate(analysisAddress(fen))}
              onBack={() => navigate('/')}
            />
          </Suspense>
        ) : (
          <StartScreen
            onCreated={open}
            onResume={(id) => navigate(`/game/${id}`)}
            onMyGames={() => navigate('/games')}
            onPractice={() => navigate('/practice')}
            initialPosition={positionText}
            onSetUpBoard={(text, fen) => {
              setPositionText(text);
              setEditorFen(fen);
              navigate('/editor');
            }}
            onAnalyse={(request) => {
              if ('fen' in request) return navigate(analysisAddress(request.fen));
              setAnalysisPgn(request);
              navigate('/analysis');
            }}
          />
        )}
      </main>
    </div>
  );
}
