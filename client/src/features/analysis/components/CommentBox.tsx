import { useId } from 'react';

/** The server's limit on a comment, and the one character a PGN comment cannot hold. */
const MAX_COMMENT = 2000;

interface Props {
  comment: string | null;
  /** The move the comment is about, for the label ("after 12... Nf6"); null at the start. */
  moveName: string | null;
  onChange: (text: string) => void;
}

/**
 * The comment on the move shown, kept in the tree (and so in the PGN, in braces). A `}` would end
 * a PGN comment early, so it is not taken; a blank comment is no comment.
 */
export function CommentBox({ comment, moveName, onChange }: Props) {
  const id = useId();
  if (moveName === null) return null;
  return (
    <div className="comment-box">
      <label htmlFor={id}>Comment on {moveName}</label>
      <textarea
        id={id}
        value={comment ?? ''}
        rows={2}
        maxLength={MAX_COMMENT}
        onChange={(event) => onChange(event.target.value.replaceAll('}', ''))}
        placeholder="Your note on this move"
        data-testid="analysis-comment"
      />
    </div>
  );
}
