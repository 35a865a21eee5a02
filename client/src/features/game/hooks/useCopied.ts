import { useCallback, useEffect, useRef, useState } from 'react';

/** How long "copied" stays under the buttons; the continue link's warning needs time to be read. */
const SHOWN_MS = 4000;

/** A short-lived sentence about what was just copied to the clipboard. */
export function useCopied(): [string | null, (copied: boolean, message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback((copied: boolean, text: string) => {
    if (!copied) return;
    setMessage(text);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setMessage(null), SHOWN_MS);
  }, []);
  return [message, show];
}
