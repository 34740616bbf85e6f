export class Sink<T> {
  next(value: T): void {}
  complete(): void {}
}

export class Stream<T> {
  constructor(subscribe?: (this: Stream<T>, sink: Sink<T>) => void) {}
  subscribe(sink: Sink<T>): void {}
}

export function operate<T, R>(init: (source: Stream<T>, sink: Sink<R>) => void): void {}

export class Logger {
  next(line: string): void {}
  complete(): void {}
  subscribe(): void {}
}
