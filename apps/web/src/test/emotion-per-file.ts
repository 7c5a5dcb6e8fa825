import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { withEmotionCache } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';

let defaultCache: EmotionCache | undefined;

/** The cache Emotion makes once, at module load, for every styled component without a CacheProvider. */
function emotionDefaultCache(): EmotionCache {
  if (!defaultCache) {
    renderToStaticMarkup(createElement(withEmotionCache((_props: object, cache: EmotionCache) => {
      defaultCache = cache;
      return null;
    })));
  }
  if (!defaultCache) throw new Error('Emotion rendered without its default cache');
  return defaultCache;
}

/**
 * Starts each test file with none of the earlier files' style rules (issue 25: CI under 25 minutes).
 *
 * A worker's files share one jsdom document (`isolate: false`, vite.config.ts). The rules kept in
 * it (src/test/unpainted-styles.ts) would pile up from file to file, and jsdom's computed style,
 * which every `getByRole` asks, scans them all: the suite took 124 s instead of ~90. setup.ts calls
 * this before each file, when nothing is mounted; Emotion writes again what the file's own renders need.
 */
export function dropEarlierFilesStyles(): void {
  const cache = emotionDefaultCache();
  cache.sheet.flush();
  // createCache's insert writes `cache.inserted[name]`, so emptying the object it holds is enough.
  for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
}
