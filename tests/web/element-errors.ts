import { configure, getConfig } from '@testing-library/react';

/**
 * A query that fails prints the whole document into its error. Inside waitFor (and so every findBy*) the query
 * fails on each try until its element is there, and printing the document every time was seconds of the suite's
 * CPU. waitFor prints it anyway, once, when it gives up; a query that fails outside waitFor prints it as before.
 *
 * A module of its own, not in setup.ts: setup runs again for each test file, and this must wrap Testing
 * Library's own printing once.
 */
const printingElementError = getConfig().getElementError;

/** Set by Testing Library while waitFor tries its callback; not in its types. */
const insideWaitFor = () =>
  (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics === true;

configure({
  getElementError: (message, container) => {
    if (!insideWaitFor()) return printingElementError(message, container);
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});
