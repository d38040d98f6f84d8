/** Values the SPA and the API share. Values only the browser uses live in src/lib/ui-constants.ts. */
export const VERIFICATION_CODE_LENGTH = 6;
export const STOCK_PHOTOS_PER_PAGE = 30;
