/**
 * A yes/no the user chose that outlives the page (issue 45: which folds of the panel they opened),
 * kept in the extension page's own storage: every panel and popup of this browser shares it.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';

function read(key: string, fallback: boolean): boolean {
  try {
    const v = localStorage.getItem(key);
    return v === null ? fallback : v === '1';
  } catch {
    return fallback;
  }
}

export function useRemembered(key: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => read(key, fallback));
  // Another key (another conversation's choice): its own value.
  useEffect(() => setValue(read(key, fallback)), [key, fallback]);
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        localStorage.setItem(key, next ? '1' : '0');
      } catch {
        // Storage refused (a private window's quota): the choice holds for this page only.
      }
    },
    [key],
  );
  return [value, set];
}
