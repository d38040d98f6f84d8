import type { AddressInfo } from 'node:net';

/**
 * The API's own origin as seen from inside the process. The local stand-ins (demo PMS, test checkout) are
 * served by the API itself, and the real clients (the Mews adapter, the `stripe` package) reach them over
 * HTTP like they reach the real services; the port is known only once the server listens.
 */
export interface SelfOrigin {
  (): string;
  listeningOn(address: AddressInfo | string | null): void;
}

export function createSelfOrigin(): SelfOrigin {
  let origin: string | undefined;
  const get = (() => {
    if (!origin) throw new Error('The API is not listening yet, so its own origin is unknown');
    return origin;
  }) as SelfOrigin;
  get.listeningOn = (address) => {
    if (!address || typeof address === 'string') throw new Error('The API must listen on a TCP port');
    // A wildcard address accepts connections on loopback; call ourselves there.
    const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
    origin = `http://${address.family === 'IPv6' && host !== '127.0.0.1' ? `[${host}]` : host}:${address.port}`;
  };
  return get;
}
