/** A refusal the operator reads, one line per thing wrong with the command; nothing was changed. */
export class HotelsCommandError extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines.join('\n'));
  }
}
