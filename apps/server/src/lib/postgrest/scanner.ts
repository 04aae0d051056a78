import { ParseFailure } from './errors';

/** A cursor over one query parameter value, for the recursive-descent parsers. */
export class Scanner {
  position = 0;

  constructor(readonly input: string) {}

  atEnd(): boolean {
    return this.position >= this.input.length;
  }

  peek(): string | undefined {
    return this.input[this.position];
  }

  rest(): string {
    return this.input.slice(this.position);
  }

  /** Consumes `text` if the input continues with it. */
  consume(text: string): boolean {
    if (!this.input.startsWith(text, this.position)) return false;
    this.position += text.length;
    return true;
  }

  expect(text: string, what = `"${text}"`): void {
    if (!this.consume(text)) this.fail(what);
  }

  /** PostgREST ignores spaces and tabs around list separators and parentheses. */
  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.position += 1;
  }

  /** Reads up to (not including) the first character in `stops`, or to the end. */
  readUntil(stops: string): string {
    const start = this.position;
    while (!this.atEnd() && !stops.includes(this.input[this.position] ?? '')) this.position += 1;
    return this.input.slice(start, this.position);
  }

  describeNext(): string {
    const next = this.peek();
    return next === undefined ? 'end of input' : `"${next}"`;
  }

  /** Fails in Parsec's words: what was found where, and what would have been accepted. */
  fail(expecting: string): never {
    throw new ParseFailure(
      `unexpected ${this.describeNext()} at position ${this.position + 1}, expecting ${expecting}`,
    );
  }
}
