import { useState } from 'react';
import type { Color } from '../../../chess/types';
import { opposite } from '../../../chess/types';
import { Board } from '../../../components/Board';
import { EvalBar } from '../../../components/EvalBar';
import { FileLabels } from '../../../components/FileLabels';
import { playSound } from '../../../sound/play';
import { gamePgn, treePgn } from '../api/analysisBoardApi';
import { DEFAULT_LINES, newBoardId } from '../api/exploreStream';
import { DEFAULT_BAND, type HumanBand } from '../api/humanMoves';
import { parseUci } from '../../../chess/placement';
import { useAnalysisBoard } from '../hooks/useAnalysisBoard';
import { useAnalysisKeys } from '../hooks/useAnalysisKeys';
import { useExplore } from '../hooks/useExplore';
import { useTreeSaving } from '../hooks/useTreeSaving';
import { moveNumber } from '../model/moveText';
import { isMainline, movesTo, nextNode, ROOT, startFen, treeBody, type MoveTree } from '../model/moveTree';
import { AnalysisControls } from './AnalysisControls';
import { CommentBox } from './CommentBox';
import { EnginePanel } from './EnginePanel';
import { HumanPanel } from './HumanPanel';
import { ExportActions, exportNote } from './ExportActions';
import { SaveStatusLine } from './SaveStatusLine';
import { TreeMoveList } from './TreeMoveList';

interface Props {
  initial: MoveTree;
  /** The mainline ply to open at; the end of the mainline when null. */
  ply: number | null;
  /**
   * The game the tree belongs to, if any: the tree is saved with it when this browser holds its token
   * and the game is over (the server keeps no tree for a game in play).
   */
  game: { id: string; token: string | undefined; finished: boolean } | null;
  orientation: Color;
  /** Takes the position shown to the start screen, to play Stockfish from it. */
  onPlayFrom: (fen: string) => void;
}

/**
 * The analysis board once its tree is loaded: the board (moves played on it grow the tree), the
 * move tree, the line operations, the comment, the live engine and the export. For a game whose
 * token this browser holds, every change is saved with the game once changes pause.
 */
export function AnalysisWorkspace({ initial, ply, game, orientation: initialOrientation, onPlayFrom }: Props) {
  const analysis = useAnalysisBoard(initial, ply);
  const { tree, node, board, position } = analysis;
  const [orientation, setOrientation] = useState<Color>(initialOrientation);
  const [engineOn, setEngineOn] = useState(true);
  const [lines, setLines] = useState(DEFAULT_LINES);
  const [band, setBand] = useState<HumanBand>(DEFAULT_BAND);
  // One id per open board: the server stops this board's previous search when it asks for another.
  const [boardId] = useState(newBoardId);
  const searchable = position === undefined || position.legal_moves.length > 0;
  const here = searchable ? { start: startFen(tree), moves: movesTo(tree, node.id), fen: node.fen } : null;
  const target = engineOn ? here : null;
  const engine = useExplore(target, lines, boardId);
  /** Whether a variation was promoted: a game's export then says its main line is the game's. */
  const [promoted, setPromoted] = useState(false);
  const saveTarget = game?.token && game.finished ? { id: game.id, token: game.token } : null;
  const localReason = !game
    ? 'Kept in this tab only: download or copy the PGN to keep it.'
    : !game.finished
      ? 'Not saved: a game in play keeps only its moves. Its analysis is kept once it is over.'
      : 'Not saved: only the browser that played this game can keep its analysis. Download the PGN to keep it.';
  const saving = useTreeSaving(saveTarget, tree, analysis.revision);

  useAnalysisKeys({
    back: analysis.back,
    forward: analysis.forward,
    first: analysis.first,
    last: analysis.last,
    flip: () => setOrientation(opposite),
    toggleEngine: () => setEngineOn((on) => !on),
  });

  const best = engineOn && engine?.lines[0] ? parseUci(engine.lines[0].uci[0] ?? '') : undefined;
  const movable = position && position.status === 'playing' ? position.turn : null;
  const moveName = node.move ? `${moveNumber(startFen(tree), node.ply, true)} ${node.move.san}` : null;

  const exportPgn = async (): Promise<string> => {
    if (game && saveTarget) {
      // The game's own export carries its headers and the review's comments: it needs the tree stored first.
      if (!(await saving.flush())) throw new Error('the analysis is not saved yet');
      return gamePgn(game.id);
    }
    return treePgn(treeBody(tree));
  };

  return (
    <div className="analysis-screen" data-testid="analysis-board" data-node={node.id} data-fen={node.fen} data-ply={node.ply}>
      <h1 className="sr-only">Analysis board</h1>
      <div className="analysis-board-column">
        <div className="analysis-board-row">
          <EvalBar score={engineOn ? engine?.lines[0]?.eval : undefined} orientation={orientation} />
          <Board
            placement={board.placement}
            orientation={orientation}
            movable={movable}
            legalMoves={analysis.legalMoves}
            lastMove={board.lastMove}
            checkSquare={board.checkSquare}
            bestMove={best ? { from: best.from, to: best.to } : undefined}
            onMove={(move) => analysis.play({ uci: move.uci, san: move.san, fen: move.fen_after })}
            onIllegal={() => playSound('illegal')}
          />
        </div>
        <FileLabels orientation={orientation} />
        <p className="analysis-help" data-testid="analysis-help">
          Keys: ← → move back and forward, ↑ or Home the start, ↓ or End the end of the line, f flips the board, l turns the engine on or
          off.
        </p>
      </div>
      <aside className="analysis-panel">
        <EnginePanel
          engine={engine}
          enabled={engineOn}
          onEnabled={setEngineOn}
          lines={lines}
          onLines={setLines}
          fen={node.fen}
          onPlay={analysis.playUci}
          searchable={searchable}
        />
        <HumanPanel target={here} band={band} onBand={setBand} onPlay={analysis.playUci} />
        <TreeMoveList tree={tree} current={node.id} onSelect={analysis.goTo} />
        <AnalysisControls
          atStart={node.id === ROOT}
          atEnd={nextNode(tree, node.id) === undefined}
          onSideLine={!isMainline(tree, node.id)}
          onMove={node.id !== ROOT}
          first={analysis.first}
          back={analysis.back}
          forward={analysis.forward}
          last={analysis.last}
          promote={(toMainline) => {
            analysis.promote(toMainline);
            setPromoted(true);
          }}
          deleteHere={analysis.deleteHere}
          flip={() => setOrientation(opposite)}
        />
        <CommentBox key={node.id} comment={node.comment} moveName={moveName} onChange={analysis.comment} />
        <SaveStatusLine status={saving.status} localReason={localReason} onRetry={() => void saving.flush()} />
        <button type="button" disabled={movable === null} onClick={() => onPlayFrom(node.fen)} data-testid="analysis-play-from">
          Play Stockfish from here
        </button>
        <ExportActions
          pgn={exportPgn}
          fileName={game ? `alphachess-${game.id}-analysis.pgn` : 'alphachess-analysis.pgn'}
          note={exportNote(Boolean(game && saveTarget), promoted) ?? undefined}
        />
      </aside>
    </div>
  );
}
