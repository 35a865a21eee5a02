import { useEffect, type RefObject } from 'react';

/**
 * Takes the drag library's pieces out of the tab order and out of the accessibility tree's buttons:
 * each piece is a `role="button"` tab stop with no name, and its keyboard drag moves a piece ~25 px
 * per arrow press instead of a square. The board for keyboards is `BoardKeyboard`; the board editor's
 * palette pieces sit inside named buttons. The library sets these attributes on every piece it
 * mounts, so new pieces are fixed as they come.
 */
function quietPieces(root: HTMLElement) {
  for (const piece of root.querySelectorAll<HTMLElement>('[aria-roledescription]')) {
    piece.setAttribute('tabindex', '-1');
    piece.removeAttribute('role');
    piece.removeAttribute('aria-roledescription');
    piece.removeAttribute('aria-describedby');
    piece.removeAttribute('aria-disabled');
    piece.removeAttribute('aria-pressed');
  }
}

/**
 * Keeps the drag library's pieces under `ref` quiet (see `quietPieces`) while mounted, and lets no
 * key reach them: the library's keyboard drag would start on Space or Enter.
 */
export function useQuietPieces(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    quietPieces(root);
    const observer = new MutationObserver(() => quietPieces(root));
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'tabindex'] });
    const swallow = (event: KeyboardEvent) => {
      // A key on a named button around a piece (the editor's palette) is the button's, not a drag's.
      if (event.target instanceof HTMLElement && event.target.closest('button')) return;
      event.stopPropagation();
    };
    root.addEventListener('keydown', swallow, true);
    return () => {
      observer.disconnect();
      root.removeEventListener('keydown', swallow, true);
    };
  }, [ref]);
}
