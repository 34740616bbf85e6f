import type { Readable } from 'node:stream';

/** Options a client is created with. */
export interface ClientOptions {
  /** The server's base URL. */
  baseUrl: string;
  readonly timeoutMs?: number;
  retry: {
    attempts: number;
    backoff(attempt: number): number;
  };
  headers: Record<string, string>;
  'user-agent'?: string;
  [extra: string]: unknown;
}

/** A transport sends requests and streams responses. */
export interface Transport extends Closeable, EventSource<TransportEvent> {
  send<T>(request: Request, options?: ClientOptions): Promise<Response<T>>;
  stream(request: Request): Readable;
  onError?: (error: TransportError) => void;
}

interface TransportConstructor {
  new (options: ClientOptions): Transport;
  readonly prototype: Transport;
}

interface Closeable {
  close(): Promise<void>;
}

declare global {
  interface Window {
    __client?: Transport;
  }
}
