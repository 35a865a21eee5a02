import { Fragment, useEffect, useMemo, useRef } from 'react';
import { moveTokens, type MoveToken } from '../model/moveText';
import type { MoveTree, NodeId } from '../model/moveTree';

interface Props {
  tree: MoveTree;
  current: NodeId;
  onSelect: (id: NodeId) => void;
}

/**
 * The move tree as lichess's analysis board writes it: the mainline, side lines in parentheses
 * after the move they replace (in a lighter weight), comments in place; the move on the board is
 * highlighted and kept in view, and a click on any move goes there.
 */
export function TreeMoveList({ tree, current, onSelect }: Props) {
  const tokens = useMemo(() => moveTokens(tree), [tree]);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const shown = list.current?.querySelector<HTMLElement>('[aria-current="step"]');
    shown?.scrollIntoView?.({ block: 'nearest' });
  }, [current, tokens]);

  if (tokens.length === 0) {
    return (
      <p className="move-list-empty" data-testid="tree-moves-empty">
        No moves yet: play one on the board.
      </p>
    );
  }
  return (
    <div className="tree-moves" ref={list} role="group" aria-label="Moves and variations" data-testid="tree-moves">
      {tokens.map((token, index) => {
        // Spaces between tokens but not inside parentheses, so the text reads (and copies) as a PGN does: "1. e4 e5 (1... c5)".
        const spaced = index > 0 && token.kind !== 'close' && tokens[index - 1].kind !== 'open';
        return (
          <Fragment key={index}>
            {spaced && ' '}
            <TokenView token={token} current={current} onSelect={onSelect} />
          </Fragment>
        );
      })}
    </div>
  );
}

/** One token: a parenthesis, a comment, or a move as a button. */
function TokenView({ token, current, onSelect }: { token: MoveToken; current: NodeId; onSelect: (id: NodeId) => void }) {
  switch (token.kind) {
    case 'open':
    case 'close':
      return <span className="tree-paren">{token.kind === 'open' ? '(' : ')'}</span>;
    case 'comment':
      return (
        <span className="tree-comment" data-node={token.id}>
          {token.text}
        </span>
      );
    case 'move':
      return (
        <button
          type="button"
          className={`tree-move depth-${Math.min(token.depth, 4)}${token.id === current ? ' current' : ''}`}
          data-node={token.id}
          data-depth={token.depth}
          aria-current={token.id === current ? 'step' : undefined}
          onClick={() => onSelect(token.id)}
        >
          {token.number && <span className="tree-number">{token.number} </span>}
          {token.san}
        </button>
      );
  }
}
