/**
 * Resolves once the event loop has polled for I/O, so the requests that came meanwhile are served first. One
 * immediate is not enough when called from an I/O callback (a worker's message, a socket's data): it runs in the same
 * turn of the loop, before the next poll. The second one always comes after a poll.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
