/**
 * An API reply the server put in the page it served, as a JSON data block with this `id`, read by `parse`. Taken
 * once: the block is removed, so later reads ask the API. Undefined when there is none, when it does not parse
 * (the API is asked instead), or where there is no document (the server's own render, which it seeds itself).
 */
export function takeServedReply<T>(id: string, parse: (reply: unknown) => T): T | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    return parse(JSON.parse(element.textContent ?? 'null'));
  } catch {
    return undefined;
  }
}
