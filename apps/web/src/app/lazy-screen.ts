import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** React.lazy for a named export, so screens keep named exports like the rest of the code. */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}
