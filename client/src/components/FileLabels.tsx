import type { Color } from '../chess/types';
import { FILES } from '../chess/types';
import { useSettings } from '../settings/useSettings';

/**
 * The file letters, in a row under the board rather than inside the first rank's squares, where on
 * a phone-sized board they ran into the pieces. Decorative: every square has its name for tools.
 */
export function FileLabels({ orientation }: { orientation: Color }) {
  // With coordinates off the row stays, empty, so the board does not jump.
  const { coordinates } = useSettings();
  const files = coordinates ? (orientation === 'white' ? FILES : [...FILES].reverse()) : [];
  return (
    <div className="file-labels" aria-hidden="true" data-testid="file-labels">
      {files.map((file) => (
        <span key={file} data-file={file}>
          {file}
        </span>
      ))}
    </div>
  );
}
