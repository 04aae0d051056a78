import type { Socket } from 'node:net';

/**
 * Holds a socket's writes until the end of the event-loop turn, then sends them in one write.
 * A busy channel delivers several frames to each subscriber within one turn (every publish
 * that completed in it); one syscall per socket and turn instead of one per frame is what lets
 * one instance keep up with a thousand messages a second over channels of a hundred
 * (bench/realtime). The frames leave in the same order, within the same turn.
 */
// Each held socket, with the bytes it still had waiting from earlier turns when held.
const held = new Map<Socket, number>();
let scheduled = false;

function flush() {
  scheduled = false;
  for (const socket of held.keys()) socket.uncork();
  held.clear();
}

/**
 * Corks the socket, if not yet, until the turn's check phase (setImmediate). Answers the bytes
 * that were waiting from earlier turns: the ones the client has not read. This turn's own
 * frames are not counted, since they have not been offered to the kernel yet.
 */
export function holdUntilEndOfTurn(socket: Socket): number {
  const waiting = held.get(socket);
  if (waiting !== undefined) return waiting;
  const backlog = socket.writableLength;
  socket.cork();
  held.set(socket, backlog);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
  return backlog;
}
