import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

describe('a query that finds nothing', () => {
  it('prints the document when it fails outside waitFor', () => {
    render(<p>Only this</p>);
    expect(() => screen.getByText('Missing')).toThrow(/Unable to find an element[\s\S]*Ignored nodes[\s\S]*Only this/);
  });

  it('prints it once, when waitFor gives up, not on every try', async () => {
    render(<p>Only this</p>);
    const messages: string[] = [];
    const failure = await waitFor(
      () => {
        try {
          return screen.getByText('Missing');
        } catch (error) {
          messages.push((error as Error).message);
          throw error;
        }
      },
      { timeout: 200, interval: 20 },
    ).catch((error: unknown) => error as Error);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expect(message).not.toContain('Only this');
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/Unable to find an element[\s\S]*Ignored nodes[\s\S]*Only this/);
  });
});
