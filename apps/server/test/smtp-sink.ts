import net from 'node:net';

/**
 * A tiny SMTP server for tests: it speaks just enough of RFC 5321 (EHLO, MAIL, RCPT, DATA, QUIT)
 * for nodemailer to deliver to it over a real socket, and keeps what it receives.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** When set, every RCPT is refused with `550 <text>` (a failing mail server). */
  rejectWith: string | null;
  close(): Promise<void>;
}

/** `port`: listen on this port (restart a sink that was closed: a mail server down, then up); default any free port. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const sockets = new Set<net.Socket>();
  const sink: SmtpSink = { url: '', messages: [], rejectWith: null, close: async () => {} };

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP ready');

    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            sink.messages.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') {
          reply('250-sink.test');
          reply('250 8BITMIME');
        } else if (command === 'HELO') reply('250 sink.test');
        else if (command === 'MAIL') {
          current = { from: line.replace(/^MAIL FROM:\s*/i, '').replace(/[<>]/g, '').split(' ')[0]!, to: [], data: '' };
          reply('250 2.1.0 OK');
        } else if (command === 'RCPT') {
          if (sink.rejectWith) reply(`550 5.1.1 ${sink.rejectWith}`);
          else {
            current.to.push(line.replace(/^RCPT TO:\s*/i, '').replace(/[<>]/g, '').split(' ')[0]!);
            reply('250 2.1.5 OK');
          }
        } else if (command === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 OK');
        } else if (command === 'NOOP') reply('250 OK');
        else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not implemented');
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  sink.url = `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  sink.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return sink;
}

/** Wait until `check` holds (polling); fails after `timeoutMs`. Never used to assert a duration. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
