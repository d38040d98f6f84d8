import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { BrowserValuesProvider, useBrowserStore, useBrowserValue } from '../../src/lib/use-browser-value.tsx';

/** Draws what it reads of "the browser", and notes each render's value. */
function Reader({ seen }: { seen: string[] }) {
  const value = useBrowserValue(() => 'the browser’s', 'the server’s');
  seen.push(value);
  return <p>{value}</p>;
}

const app = (drawnByServer: boolean, seen: string[]) => (
  <BrowserValuesProvider drawnByServer={drawnByServer}>
    <Reader seen={seen} />
  </BrowserValuesProvider>
);

let hydrated: { root: Root; container: HTMLElement } | undefined;

afterEach(() => {
  hydrated?.root.unmount();
  hydrated?.container.remove();
  hydrated = undefined;
});

it('the server draws its own value, the take-over draws the same, and the browser’s own follows', async () => {
  const markup = renderToString(app(true, []));
  expect(markup).toContain('the server’s');

  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const seen: string[] = [];
  const mismatches: unknown[] = [];
  await act(async () => {
    const root = hydrateRoot(container, app(true, seen), { onRecoverableError: (error) => mismatches.push(error) });
    hydrated = { root, container };
  });

  expect(seen[0]).toBe('the server’s');
  expect(container.textContent).toBe('the browser’s');
  expect(mismatches).toEqual([]);
});

it('a page the script draws itself reads the browser from its first render', () => {
  const seen: string[] = [];
  render(app(false, seen));
  expect(screen.getByText('the browser’s')).toBeInTheDocument();
  expect(seen).not.toContain('the server’s');
});

it('a browser store is drawn the same way, and follows its changes once the page is taken over', async () => {
  let stored = 'kept in the browser';
  const listeners = new Set<() => void>();
  const subscribe = (notify: () => void) => {
    listeners.add(notify);
    return () => listeners.delete(notify);
  };
  function StoreReader() {
    return <p>{useBrowserStore(subscribe, () => stored, 'drawn by the server')}</p>;
  }
  const tree = (
    <BrowserValuesProvider drawnByServer>
      <StoreReader />
    </BrowserValuesProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  expect(container.textContent).toBe('drawn by the server');
  document.body.append(container);
  const mismatches: unknown[] = [];
  await act(async () => {
    hydrated = {
      root: hydrateRoot(container, tree, { onRecoverableError: (error) => mismatches.push(error) }),
      container,
    };
  });
  expect(container.textContent).toBe('kept in the browser');
  expect(mismatches).toEqual([]);

  stored = 'chosen since';
  await act(async () => listeners.forEach((notify) => notify()));
  expect(container.textContent).toBe('chosen since');
});
