import { describe, expect, it } from 'vitest';
import { roomTypeOf } from '../../contract/room-type.ts';

describe('the room type in a room name', () => {
  it.each([
    ['Deluxe King Room 412', 'Deluxe King Room'],
    ['Double Deluxe, room 204', 'Double Deluxe'],
    ['Junior Suite - #7', 'Junior Suite'],
    ['Queen Studio no. 905', 'Queen Studio'],
    ['Family Room 12B', 'Family Room'],
    ['Room 412', 'Room'],
  ])('leaves the number out of "%s"', (name, type) => {
    expect(roomTypeOf(name)).toBe(type);
  });

  it('keeps a name with no room number as it is', () => {
    expect(roomTypeOf('Harbour View King')).toBe('Harbour View King');
    expect(roomTypeOf('Suite 2 Bedrooms')).toBe('Suite 2 Bedrooms');
    expect(roomTypeOf(null)).toBeNull();
  });
});
