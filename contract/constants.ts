/** Values the SPA and the API share. Values only the browser uses live in src/lib/ui-constants.ts. */
export const VERIFICATION_CODE_LENGTH = 6;
export const STOCK_PHOTOS_PER_PAGE = 30;
/** The longest first or last name a buyer may give the hotel for the reservation. */
export const GUEST_NAME_MAX = 100;
