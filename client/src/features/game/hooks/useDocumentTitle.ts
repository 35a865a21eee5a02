import { useEffect } from 'react';

/** Names the browser tab while the screen is open (null leaves it alone), and gives the old name back after. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
