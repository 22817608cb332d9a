import { useState } from 'react';

/**
 * True from the first render where `shown` is true on. A lazily loaded dialog renders only once
 * this is true, so its code downloads when first needed, and then stays mounted, so closing it
 * still plays its exit transition.
 */
export function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  if (shown && !once) {
    setOnce(true);
  }
  return once || shown;
}
