import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection driven byte by byte, for what fetch cannot do: send a request in two
 * parts, so it is under way on the server while the test changes something, then finish it.
 */
export class RawConnection {
  private buffer = '';
  private waiters: (() => void)[] = [];
  private ended = false;

  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.wake();
    });
    socket.on('close', () => {
      this.ended = true;
      this.wake();
    });
  }

  static open(baseUrl: string): Promise<RawConnection> {
    const { hostname, port } = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string): void {
    this.socket.write(text, 'latin1');
  }

  /** The next whole answer (Content-Length framed) on this connection. */
  async readAnswer(): Promise<RawAnswer> {
    for (;;) {
      const answer = this.takeAnswer();
      if (answer) return answer;
      if (this.ended) throw new Error(`connection closed before a whole answer: ${this.buffer}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake() {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  private takeAnswer(): RawAnswer | null {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return null;
    const [statusLine, ...lines] = this.buffer.slice(0, headEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = headEnd + 4;
    if (this.buffer.length < bodyStart + length) return null;
    const body = Buffer.from(this.buffer.slice(bodyStart, bodyStart + length), 'latin1');
    this.buffer = this.buffer.slice(bodyStart + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') };
  }
}
