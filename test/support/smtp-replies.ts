import type { Socket } from 'node:net';

/**
 * Reads an SMTP server's replies off a socket: `onLine` gets every line, `onReply` each whole reply
 * (its last line; the lines of a multi-line reply end in `-` after the code).
 */
export const readReplies = (
  socket: Socket,
  onReply: (reply: string) => void,
  onLine: (line: string) => void = () => {},
) => {
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk.toString();
    for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onLine(line);
      if (!/^\d{3}-/.test(line)) onReply(line);
    }
  });
};
