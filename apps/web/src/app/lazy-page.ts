// Route-level code splitting: each screen's code loads when its route is first visited.
import { lazy } from 'react';
import type { ComponentType } from 'react';

export function lazyPage<K extends string, M extends Record<K, ComponentType>>(loader: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await loader())[name] }));
}
