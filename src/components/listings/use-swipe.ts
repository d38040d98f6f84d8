import { useRef, type PointerEvent, type RefObject } from 'react';

/** Horizontal travel, in CSS pixels, that makes a touch a swipe; a tap moves far less. */
const SWIPE_DISTANCE = 40;

/** The photo step a finger's travel asks for: a mostly horizontal move to the left is "next" (+1). */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

const inside = (area: HTMLElement, x: number, y: number) => {
  const box = area.getBoundingClientRect();
  return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
};

/**
 * Pointer handlers that turn a touch swipe starting inside `area` into a step. They go on an ancestor rather than
 * on `area` itself, because a card's stretched link lies over its photo and receives the touches. The element
 * they go on needs `touch-action: pan-y`, or the browser claims sideways moves and cancels the pointer. A swipe
 * is not a tap, so the browser does not follow the link underneath.
 */
export function useSwipe(area: RefObject<HTMLElement | null>, onStep: (step: -1 | 1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      const touchedArea =
        event.pointerType === 'touch' && area.current && inside(area.current, event.clientX, event.clientY);
      start.current = touchedArea ? { x: event.clientX, y: event.clientY } : null;
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      const step = from ? swipeStep(event.clientX - from.x, event.clientY - from.y) : 0;
      if (step !== 0) onStep(step);
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
