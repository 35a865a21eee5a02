interface Props {
  label: string;
  question: string;
  yes: string;
  testId: string;
  onYes: () => void;
  onNo: () => void;
}

/** A question in place of the buttons, for an action that cannot be undone. */
export function Confirm({ label, question, yes, testId, onYes, onNo }: Props) {
  return (
    <div className="actions confirm" role="group" aria-label={label}>
      <span>{question}</span>
      <button
        type="button"
        className="danger"
        data-testid={testId}
        onClick={() => {
          onNo();
          onYes();
        }}
      >
        {yes}
      </button>
      <button type="button" onClick={onNo}>
        Keep playing
      </button>
    </div>
  );
}
