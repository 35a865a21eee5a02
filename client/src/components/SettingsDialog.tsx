import { lazy, Suspense, useState } from 'react';
import { Icon } from './Icon';

/** The panel is code-split: the first page needs only the button (issue #39's page weight). */
const SettingsPanel = lazy(() => import('./SettingsPanel').then((module) => ({ default: module.SettingsPanel })));

/** The header's settings button and the panel it opens. */
export function SettingsDialog() {
  const [open, setOpen] = useState(false);
  return (
    <div className="settings">
      <button
        type="button"
        className="icon-button"
        aria-label="Settings"
        aria-expanded={open}
        title="Settings"
        data-testid="settings-button"
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="settings" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <SettingsPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
