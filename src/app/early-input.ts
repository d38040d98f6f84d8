import { useEffect } from 'react';
import { EARLY_INPUT_GLOBAL } from '../../contract/early-input.ts';

/** What the early-input script leaves on the page: `take` stops holding and hands over what it held. */
export interface EarlyInputHolder {
  /**
   * Controls pressed (each once, in order), fields typed in with the value each last held (same order), and
   * disclosures (`<details>`) opened or closed.
   */
  take: () => { pressed: Element[]; edited: Element[]; values: string[]; toggled: Element[] };
}

type WithHolder = typeof window & { [EARLY_INPUT_GLOBAL]?: EarlyInputHolder };

/**
 * Carries out what a visitor did on the server's drawn page before the script took it over: first the fields
 * they typed in and the sections they opened reach the page's state, then the controls they pressed are pressed
 * again, so a search pressed after typing a city searches that city. Does nothing on a page drawn here (nothing
 * was held).
 */
function replayEarlyInput(): void {
  const holder = (window as WithHolder)[EARLY_INPUT_GLOBAL];
  if (!holder) return;
  delete (window as WithHolder)[EARLY_INPUT_GLOBAL];
  const { pressed, edited, values, toggled } = holder.take();
  edited.forEach((field, at) => {
    if (isField(field) && field.isConnected) reportTyped(field, values[at] ?? field.value);
  });
  // The browser opened or closed these itself; what the page shows inside follows their toggle event.
  for (const details of toggled) if (details.isConnected) details.dispatchEvent(new Event('toggle'));
  for (const control of pressed) {
    if (control instanceof HTMLElement && control.isConnected) control.click();
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (element: Element): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/**
 * React took the field over with the typed text already in it (a select it set back to its rendered option), so
 * it holds that value as the field's last known one and would see no change. Setting the field through React's
 * own setter records a different value; the typed value is then put back with the browser's setter, and the
 * input event reports it as a change (the same way testing tools report typing to React).
 */
function reportTyped(field: Field, typed: string): void {
  const browserSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (!browserSetter) return;
  field.value = typed === '' ? ' ' : '';
  browserSetter.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Rendered once beside the router: replays what was held once the first render has committed, outside React's
 * commit so the replayed events are handled like a person's.
 */
export function EarlyInputReplay(): null {
  useEffect(() => {
    const timer = setTimeout(replayEarlyInput);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
