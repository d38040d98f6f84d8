/**
 * The fields of a form the stand-in pages post, read the way a browser sends them: text, cut to the field's
 * length. Anything else (a JSON body's arrays and objects, a body that is no object) reads as empty, so a
 * hostile request gets the page's own "fix this field" answer, never a server error.
 */
export function readFormFields<K extends string>(body: unknown, lengths: Record<K, number>): Record<K, string> {
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const read = {} as Record<K, string>;
  for (const [name, max] of Object.entries(lengths) as [K, number][]) {
    const value = Object.hasOwn(fields, name) ? fields[name] : undefined;
    read[name] = typeof value === 'string' ? value.slice(0, max) : '';
  }
  return read;
}
