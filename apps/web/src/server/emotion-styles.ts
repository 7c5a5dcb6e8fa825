import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * MUI's styles for a server render: a fresh emotion cache per render in "compat" mode keeps the
 * rules in `cache.inserted` instead of writing `<style>` elements into the markup, and
 * `styleTagsOf` writes them as the `<style data-emotion>` elements that emotion's client cache
 * (key `css`, MUI's default) adopts on load without inserting them again. The same split as
 * @emotion/server's `extractCriticalToChunks` + `constructStyleTagsFromChunks`, which is not a
 * dependency of ours: class rules together, each global (and keyframes) in its own element.
 */
export function createServerEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  return cache;
}

export function styleTagsOf(cache: EmotionCache): string {
  const classIds: string[] = [];
  let classRules = '';
  let globals = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] !== undefined) {
      classIds.push(id);
      classRules += rules;
    } else {
      globals += `<style data-emotion="${cache.key}-global ${id}">${rules}</style>`;
    }
  }
  return `${globals}<style data-emotion="${cache.key} ${classIds.join(' ')}">${classRules}</style>`;
}
