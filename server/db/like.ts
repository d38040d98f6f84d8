/** `%` and `_` typed by a person are literal characters, not LIKE wildcards (the default escape is `\`). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);
