/**
 * An API reply the server put in the page it served, as a JSON data block with this `id`, as it is: the server
 * checked it against the contract before serving it (contract/served-replies.ts), so the page reads it without
 * the schemas. Taken once: the block is removed, so later reads ask the API. Undefined when there is none, when it
 * is not JSON (the API is asked instead), or where there is no document (the server's own render, which it seeds
 * itself).
 */
export function takeServedReply<T>(id: string): T | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    return (JSON.parse(element.textContent ?? 'null') ?? undefined) as T | undefined;
  } catch {
    return undefined;
  }
}
