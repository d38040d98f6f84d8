/** Timings, labels and map settings only the browser uses. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADER_SOLID_AFTER_PX = 100;
export const LOGOUT_REDIRECT_MS = 1_500;
export const PROFILE_TOAST_MS = 5_000;
export const FILTER_DEBOUNCE_MS = 300;
export const PRICE_FILTER_DEFAULT_MAX = 1_000;
export const HERO_ROTATION_MS = 6_000;
export const HERO_FADE_MS = 500;
export const CHECK_IN_TIME_LABEL = 'After 3:00 PM';
export const CHECK_OUT_TIME_LABEL = 'Before 11:00 AM';
export const CARD_CAROUSEL_IMAGES = 4;
export const DATE_DISPLAY_LOCALE = 'en-US';
export const DATE_DISPLAY_FORMAT = 'MMM d, yyyy';
export const MAP_DEFAULT_CENTER = { lat: 40.7128, lng: -74.006 } as const;
export const MAP_DEFAULT_ZOOM = 10;
export const MAP_MAX_FIT_ZOOM = 12;
export const MAP_SELECTED_ZOOM = 13;
export const MAP_FIT_PADDING_PX = 50;
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const GEOLOCATION_MAX_AGE_MS = 5 * 60_000;

/** After a payment is confirmed, the success page moves on to the booking confirmation. */
export const PAYMENT_SUCCESS_REDIRECT_MS = 1_500;
/** How long the listing page greets its seller with "Here's your listing!". */
export const CREATED_BANNER_MS = 5_000;
/** A created listing without an id: the success message stays, then the form starts over. */
export const EMPTY_ID_RESET_MS = 3_000;
/** My Listings cuts each description to this many characters. */
export const MY_LISTINGS_DESCRIPTION_CHARS = 50;
