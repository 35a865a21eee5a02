import { continueLink } from '../../../api/tokens';
import { copyText } from '../../../components/copyText';
import type { ShownGame } from '../hooks/useGameScreen';
import { GameActions } from './GameActions';

/** The tools under the moves (new game, flip, PGN, copy the FEN or the link to continue elsewhere), and what a copy did. */
export function GameTools({ shown, onNewGame }: { shown: ShownGame; onNewGame: () => void }) {
  const { screen, view, model } = shown;
  const { token } = screen;
  const copyLink = async (link: string) =>
    screen.showCopied(
      await copyText(link),
      'Link copied: open it on your other device to play on there. Anyone with the link can play your moves.',
    );
  return (
    <>
      <GameActions
        view={view}
        live={model.live}
        offerNewGame={model.ongoing}
        onNewGame={onNewGame}
        onFlip={screen.flip}
        onCopyFen={async () => screen.showCopied(await copyText(view.fen), 'FEN copied to the clipboard.')}
        onCopyLink={token === undefined || !model.live ? undefined : () => copyLink(continueLink(window.location.origin, view.id, token))}
      />
      {screen.copied && (
        <p className="copied" role="status">
          {screen.copied}
        </p>
      )}
    </>
  );
}
