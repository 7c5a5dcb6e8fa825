/**
 * Keeps MUI's painting rules out of the test document (issue 25: CI under 25 minutes).
 *
 * jsdom's `getComputedStyle` matches the element, and for inherited properties each ancestor,
 * against every rule of every style sheet, and its cache is dropped on each DOM change. Emotion in
 * development adds one `<style>` per rule, so a test file collects thousands of them, and every
 * `getByRole` (which asks whether each candidate is hidden) and every multiline field (MUI's
 * TextareaAutosize measures itself in a layout effect) scans them all: that was about half of the
 * web suite's time. jsdom draws nothing, so those rules change no outcome, with two exceptions kept
 * in the document: the data grid and the charts read their sizes back through computed style.
 *
 * Emotion inserts each tag before filling it, so the tag waits outside the document and joins it
 * once its rule is known to be one of those.
 *
 * setup.ts calls this before each file, but a worker's files share one document (`isolate: false`,
 * vite.config.ts): the head is patched once, or the second file's rules would wait forever in the
 * first file's holding place.
 */
const READ_BACK_RULE = /Mui(DataGrid|Charts?)/;

const PATCHED = Symbol.for('apron.unpaintedStyles');

export function keepPaintingRulesOutOfTheDocument(): void {
  const head = document.head as HTMLHeadElement & { [PATCHED]?: true };
  if (head[PATCHED]) return;
  head[PATCHED] = true;
  const waiting = document.createElement('div');
  const insertIntoHead = document.head.insertBefore.bind(document.head);
  document.head.insertBefore = (<T extends Node>(node: T, before: Node | null): T => {
    if (!(node instanceof HTMLStyleElement) || !node.hasAttribute('data-emotion')) return insertIntoHead(node, before);
    const tag = node;
    waiting.appendChild(tag);
    tag.appendChild = (<U extends Node>(rule: U): U => {
      HTMLElement.prototype.appendChild.call(tag, rule);
      if (READ_BACK_RULE.test(rule.textContent ?? '')) insertIntoHead(tag, null);
      return rule;
    }) as typeof tag.appendChild;
    return node;
  }) as typeof document.head.insertBefore;
}
