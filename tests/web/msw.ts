import { setupServer } from 'msw/node';

/** The API as seen by web tests; each test installs the handlers it needs with `server.use(...)`. */
export const server = setupServer();
