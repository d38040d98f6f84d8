import http from 'node:http';

export interface RoundRobinProxy {
  /** Points the proxy at the instances, in the order it takes turns between them. */
  setUpstreams(bases: string[]): void;
  close(): Promise<void>;
}

/**
 * A small HTTP proxy on `port` that hands each request to the next instance in turn, as a load balancer in front
 * of several API instances does. An instance that refuses the connection (not started yet, or stopped) is
 * skipped for that request, and a request on a kept-alive connection the instance had just closed is sent again;
 * every other failure is answered 502.
 */
export async function startRoundRobinProxy(port: number): Promise<RoundRobinProxy> {
  let upstreams: URL[] = [];
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tries: number) => {
    const upstream = upstreams[turn++ % upstreams.length]!;
    const outgoing = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the instance closed just as it was reused never reached it: send again.
      if (error.code === 'ECONNRESET' && outgoing.reusedSocket && !res.headersSent)
        return forward(req, res, body, tries);
      if (error.code === 'ECONNREFUSED' && tries > 1) return forward(req, res, body, tries - 1);
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end(`proxy: ${error.message}`);
    });
    outgoing.end(body);
  };

  const server = http.createServer((req, res) => {
    // The body is read whole first, so that a request refused by one instance can be sent to the next.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (!upstreams.length) {
        res.writeHead(503, { 'Content-Type': 'text/plain' }).end('proxy: no instance yet');
        return;
      }
      forward(req, res, Buffer.concat(chunks), upstreams.length);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    setUpstreams: (bases) => {
      upstreams = bases.map((base) => new URL(base));
    },
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
