import { vi } from 'vitest';

/**
 * A console.error in a web test is a failure: React reports its own warnings and caught render errors there. Tests that provoke an error on purpose
 * (the error screen) declare it with `allowConsoleError()`.
 */
let unexpected: unknown[][] = [];
let allowed = false;

export function allowConsoleError(): void {
  allowed = true;
}

export function installConsoleGuard(): void {
  unexpected = [];
  allowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!allowed) unexpected.push(args);
  });
}

export function assertNoConsoleErrors(): void {
  const calls = unexpected;
  unexpected = [];
  if (calls.length > 0) {
    const printed = calls.map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
    throw new Error(`console.error was called during the test:\n${printed.join('\n---\n')}`);
  }
}
