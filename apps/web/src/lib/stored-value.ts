import { useSyncExternalStore } from 'react';

export type StoredValue<T> = {
  get: () => T | null;
  set: (value: T) => void;
  clear: () => void;
  subscribe: (listener: () => void) => () => void;
  /** React view of the value; re-renders on changes from this tab and from other tabs. */
  useValue: () => T | null;
};

/**
 * A JSON value in localStorage with change notifications. The parsed value is cached by its raw
 * string so that useSyncExternalStore sees a stable snapshot between changes.
 */
export function createStoredValue<T>(options: {
  key: string;
  parse: (raw: unknown) => T | null;
}): StoredValue<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null = null;
  let cachedValue: T | null = null;

  const readRaw = () => {
    try {
      return localStorage.getItem(options.key);
    } catch {
      // Storage can be unavailable (privacy modes); behave as if nothing is stored.
      return null;
    }
  };

  const get = () => {
    const raw = readRaw();
    if (raw === cachedRaw) return cachedValue;
    cachedRaw = raw;
    try {
      cachedValue = raw === null ? null : options.parse(JSON.parse(raw));
    } catch {
      cachedValue = null;
    }
    return cachedValue;
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const write = (raw: string | null) => {
    try {
      if (raw === null) localStorage.removeItem(options.key);
      else localStorage.setItem(options.key, raw);
    } catch {
      // Ignored: the value then lives only as long as this page.
    }
    notify();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === options.key || event.key === null) notify();
  };

  const subscribe = (listener: () => void) => {
    if (listeners.size === 0) window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener('storage', onStorage);
    };
  };

  return {
    get,
    set: (value) => write(JSON.stringify(value)),
    clear: () => write(null),
    subscribe,
    useValue: () => useSyncExternalStore(subscribe, get, () => null),
  };
}
