import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy to a PostgreSQL server that can play a server starting up: while `startingUp`, every
 * open session is cut and every new one is refused at login with FATAL 57P03 'the database system
 * is starting up', as a restarting or failing-over server answers. The shared server itself is
 * never stopped; only the sessions through this proxy see the fault.
 */
export interface FaultProxy {
  /** The given database URL, through the proxy. */
  url: string;
  startingUp(on: boolean): void;
  close(): Promise<void>;
}

/** A FATAL ErrorResponse message (protocol 3.0): 'E', length, then code/text fields. */
function fatalError(code: string, message: string): Buffer {
  const fields = Buffer.concat([
    ...[['S', 'FATAL'], ['V', 'FATAL'], ['C', code], ['M', message]].map(([type, value]) => Buffer.from(`${type}${value}\0`)),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

export async function startFaultProxy(databaseUrl: string): Promise<FaultProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (refusing) {
      // Answer the startup message as a server starting up does, then hang up.
      client.once('data', () => client.end(fatalError('57P03', 'the database system is starting up')));
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as AddressInfo).port);
  return {
    url: proxied.toString(),
    startingUp(on) {
      refusing = on;
      if (on) for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
