import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_NOT_FOUND, LOCATION_UNSUPPORTED, useLocate } from '../../src/components/map/use-locate.ts';

type PositionCallbacks = [PositionCallback, PositionErrorCallback];

function giveBrowserGeolocation(answer: (...callbacks: PositionCallbacks) => void) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (found: PositionCallback, failed: PositionErrorCallback) => answer(found, failed) },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('Show my location (both maps)', () => {
  it('centres the map on the position the browser gives', () => {
    giveBrowserGeolocation((found) => found({ coords: { latitude: 38.7, longitude: -9.1 } } as GeolocationPosition));
    const show = vi.fn();
    const { result } = renderHook(() => useLocate(show));
    act(() => result.current.locate());
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ kind: 'centre', center: { lat: 38.7, lng: -9.1 } }));
    expect(result.current.locateError).toBeNull();
  });

  it('says so when the position cannot be found (refused, or no fix in time)', () => {
    giveBrowserGeolocation((_found, failed) => failed({ code: 1, message: 'denied' } as GeolocationPositionError));
    const show = vi.fn();
    const { result } = renderHook(() => useLocate(show));
    act(() => result.current.locate());
    expect(result.current.locateError).toBe(LOCATION_NOT_FOUND);
    expect(show).not.toHaveBeenCalled();
  });

  it('says so when the browser has no geolocation at all', () => {
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
    const { result } = renderHook(() => useLocate(vi.fn()));
    act(() => result.current.locate());
    expect(result.current.locateError).toBe(LOCATION_UNSUPPORTED);
  });
});
