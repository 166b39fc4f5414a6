import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Answer, ApiError } from '../api';

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'error'; error: ApiError };

/**
 * Loads what a view shows, again when `deps` change or on `reload()`; with `everyMs`, again on a
 * timer while `keepPolling(data)` holds (a sending campaign's counters). An answer that arrives
 * after a newer load started is dropped.
 */
export const useLoad = <T>(
  load: () => Promise<Answer<T>>,
  deps: unknown[],
  poll?: { everyMs: number; keepPolling: (data: T) => boolean },
) => {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const generation = useRef(0);
  const run = useCallback(async () => {
    const mine = ++generation.current;
    const answer = await load();
    if (mine !== generation.current) return;
    setLoaded(answer.ok ? { state: 'ok', data: answer.data } : { state: 'error', error: answer.error });
  }, deps);
  useEffect(() => {
    setLoaded({ state: 'loading' });
    void run();
    return () => {
      generation.current++;
    };
  }, [run]);
  const data = loaded.state === 'ok' ? loaded.data : undefined;
  const polling = poll !== undefined && data !== undefined && poll.keepPolling(data);
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void run(), poll!.everyMs);
    return () => clearInterval(timer);
  }, [polling, run]);
  return { loaded, reload: run };
};
