/**
 * The field a player pastes a key into: masked like a password (a key is one), and neither
 * remembered by the browser's autofill nor underlined by its spell checker.
 */
export function KeyInput({
  id,
  value,
  onChange,
  testId,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <input
      id={id}
      type="password"
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  );
}
