/** One `name: value` pair of a cell, as written (the value still text). */
export interface NamedValue {
  name: string;
  value: string;
}

/**
 * Reads a cell of named values ('name: value; name: value'; 'name=value' is read too, since
 * spreadsheets of custom fields often write it): pairs, or the message naming what is wrong.
 * `\;` and `\\` keep those characters inside a value. The properties' attributes and the assets'
 * configured fields are written this one way.
 */
export function parseNamedValuesCell(cell: string): { pairs: NamedValue[] } | { error: string } {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i += 1) {
    const char = cell[i]!;
    if (char === '\\' && i + 1 < cell.length) {
      current += cell[i + 1];
      i += 1;
    } else if (char === ';') {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  const pairs: NamedValue[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    if (part.trim() === '') continue;
    const colon = part.search(/[:=]/);
    const name = colon < 0 ? '' : part.slice(0, colon).trim();
    if (!name) return { error: `'${part.trim()}' is not 'name: value' (separate them with ;)` };
    if (seen.has(name.toLowerCase())) return { error: `${name} is given twice` };
    seen.add(name.toLowerCase());
    pairs.push({ name, value: part.slice(colon + 1).trim() });
  }
  return { pairs };
}

/** Writes a cell of named values in the given order (empty values left out). */
export function formatNamedValuesCell(values: ReadonlyArray<{ name: string; value: string | number | boolean | null | undefined }>): string {
  return values
    .filter((entry) => entry.value !== null && entry.value !== undefined && entry.value !== '')
    .map((entry) => {
      const text = typeof entry.value === 'boolean' ? (entry.value ? 'yes' : 'no') : String(entry.value);
      return `${entry.name}: ${text.replace(/[\\;]/g, (char) => `\\${char}`)}`;
    })
    .join('; ');
}
