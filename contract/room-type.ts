/**
 * The room type in a hotel system's room name, without the room's own number: "Double Deluxe, room 204" ->
 * "Double Deluxe", "Deluxe King Room 412" -> "Deluxe King Room". Which room a guest sleeps in is the hotel's to
 * decide at check-in, so a listing neither promises nor publishes it.
 */
export function roomTypeOf(roomName: string | null): string | null {
  if (!roomName) return null;
  const withoutNumber = roomName
    .trim()
    // ", room 204", ", no. 12", " - #7"
    .replace(/\s*[,;–-]\s*(?:room|rm\.?|no\.?|nr\.?|number)?\s*#?\s*\d+[a-z]?$/i, '')
    // "Room 412", "Suite #7": the number after the type's last word
    .replace(/\s+(?:no\.?|nr\.?|number)?\s*#?\s*\d+[a-z]?$/i, '')
    .trim();
  return withoutNumber || null;
}
