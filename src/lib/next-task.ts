/**
 * Resolves in a task of its own: the work awaiting it no longer lengthens the task that is running, so the
 * browser can answer a tap in between.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
