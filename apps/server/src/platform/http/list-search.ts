/**
 * The `q` of a list as a LIKE pattern: `%text%`, lower-cased (the lists compare `lower(...)`,
 * or use ILIKE), with LIKE's own wildcards in the text escaped so a search for `50%` or `a_b`
 * means those characters, not any.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
