/**
 * A stand-in for the browser's EventSource that keeps count of the connections left open, so a test
 * can tell a subscription that was closed from one that leaked. Install it with
 * `vi.stubGlobal('EventSource', FakeEventSource)` and read `FakeEventSource.open`.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;

  /** Every connection made since the last `reset`, open or closed. */
  static made: FakeEventSource[] = [];

  static get open(): FakeEventSource[] {
    return FakeEventSource.made.filter((source) => source.readyState !== FakeEventSource.CLOSED);
  }

  static reset(): void {
    FakeEventSource.made = [];
  }

  readonly url: string;
  readyState: number = FakeEventSource.CONNECTING;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.made.push(this);
  }

  /** The server accepts the connection. */
  accept(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  /** The server sends one event. */
  emit(type: string, data: unknown): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
}
