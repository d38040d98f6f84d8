/**
 * List Your Stay has three steps: find the reservation, enter the emailed code, create the listing (title,
 * photo, price). Each says where it stands among them.
 */
const STEP_COUNT = 3;

export const stepLabel = (step: 1 | 2 | 3) => `Step ${step} of ${STEP_COUNT}`;
