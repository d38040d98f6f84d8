import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorEnvelope } from '../../contract/errors.ts';

/**
 * Requests Node's HTTP parser refuses (headers over its 16 kB limit, a broken request line) never reach
 * Express, and Node would answer them with an empty body. They get the API's error shape too, then the
 * connection closes.
 */
export function answerUnparseableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const envelope: ErrorEnvelope = tooLarge
      ? { success: false, error: 'Request headers are too large', code: 'HEADERS_TOO_LARGE' }
      : { success: false, error: 'The request could not be read', code: 'VALIDATION_ERROR' };
    const body = JSON.stringify(envelope);
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
