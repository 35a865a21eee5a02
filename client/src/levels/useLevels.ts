import { useEffect, useState } from 'react';
import { getLevels, type Levels } from '../api/ladder';

/** The measured ladder from the server, once loaded (null until then, or if it cannot be read). */
export function useLevels(): Levels | null {
  const [levels, setLevels] = useState<Levels | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getLevels(controller.signal)
      .then(setLevels)
      .catch(() => {
        // Without the ratings the steps are still listed by name.
      });
    return () => controller.abort();
  }, []);
  return levels;
}
