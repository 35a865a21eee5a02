import { useState } from 'react';
import type { GameView } from '../api/types';
import { SoundControls } from '../components/SoundControls';
import { GameScreen } from '../features/game/GameScreen';
import { StartScreen } from '../features/start/StartScreen';
import { navigate, parseRoute, usePathname } from './location';

/** The app shell: header, and the start or game screen depending on the URL. */
export function App() {
  const route = parseRoute(usePathname());
  const [created, setCreated] = useState<GameView | undefined>(undefined);
  /** Shows a game just created (its first engine move sounds at once). */
  const open = (game: GameView) => {
    setCreated(game);
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
          <span className="brand-mark" aria-hidden="true">♞</span> AlphaChess
        </a>
        <SoundControls />
      </header>
      <main>
        {route.name === 'game' ? (
          <GameScreen key={route.id} id={route.id} created={created} onNewGame={() => navigate('/')} onCreated={open} />
        ) : (
          <StartScreen onCreated={open} onResume={(id) => navigate(`/game/${id}`)} />
        )}
      </main>
    </div>
  );
}
