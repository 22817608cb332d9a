import { useCallback, useEffect, useState } from 'react';

/** Whole seconds counting down to zero, e.g. the wait before a code can be sent again. */
export function useCountdown(initialSeconds: number) {
  const [remaining, setRemaining] = useState(Math.max(0, Math.ceil(initialSeconds)));

  useEffect(() => {
    if (remaining <= 0) {
      return;
    }
    const timer = window.setTimeout(() => setRemaining((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  const restart = useCallback((seconds: number) => setRemaining(Math.max(0, Math.ceil(seconds))), []);
  return { remaining, restart };
}
