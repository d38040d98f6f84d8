import type { z } from 'zod';

/**
 * An API reply the server put in the page it served, as a JSON data block with this `id`, read by `parse`. Taken
 * once: the block is removed, so later reads ask the API. Undefined when there is none, when it does not parse
 * (the API is asked instead), or where there is no document (the server's own render, which it seeds itself).
 * With `loadSchema`, the reply `parse` took is checked against the contract afterwards (`checkServedReply`).
 */
export function takeServedReply<T>(
  id: string,
  parse: (reply: unknown) => T,
  loadSchema?: () => Promise<z.ZodType>,
): T | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    const reply: unknown = JSON.parse(element.textContent ?? 'null');
    const taken = parse(reply);
    if (loadSchema) void checkServedReply(id, reply, loadSchema);
    return taken;
  } catch {
    return undefined;
  }
}

/**
 * Checks a reply the page carried against the contract once `loadSchema` has brought its schema (with zod, in
 * chunks of their own), after the page has started: zod is no part of a public page's first task (ADR 0082). The
 * page is drawn from the reply before that, read by its shape alone. This deploy's server wrote it from the same
 * contract, so a refusal is a bug of ours: reported as an error, not shown to the visitor. A schema that fails to
 * load (a deploy replaced the chunks) leaves the reply unchecked, as the page has no use for the error.
 */
async function checkServedReply(id: string, reply: unknown, loadSchema: () => Promise<z.ZodType>) {
  const schema = await loadSchema().catch(() => undefined);
  const result = schema?.safeParse(reply);
  if (result && !result.success)
    console.error(`The page's ${id} block is not as the contract says`, result.error.issues);
}
