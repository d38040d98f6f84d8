/** Values the SPA and the API share. Values only the browser uses live in src/lib/ui-constants.ts. */
export const VERIFICATION_CODE_LENGTH = 6;
export const PAYMENT_SUCCESS_REDIRECT_MS = 1_500;
export const CREATED_BANNER_MS = 5_000;
export const EMPTY_ID_RESET_MS = 3_000;
export const STOCK_PHOTOS_PER_PAGE = 30;
export const MY_LISTINGS_DESCRIPTION_CHARS = 50;
