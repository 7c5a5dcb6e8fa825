const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Keys are `segment/segment/...` of letters, digits, `._-`; no `..`, no absolute paths. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 512 || segments.some((s) => !SEGMENT.test(s) || s.includes('..'))) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
