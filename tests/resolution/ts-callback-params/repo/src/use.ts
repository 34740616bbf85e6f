import { Stream, operate } from './stream';

export function of(value: number): Stream<number> {
  return new Stream<number>((sink) => {
    sink.next(value);
    sink.complete();
  });
}

export function map(): void {
  operate((source, sink) => {
    source.subscribe(sink);
    sink.next(1);
  });
  operate(sink => {
    sink.subscribe(null);
  });
  later((sink) => {
    sink.complete();
  });
}

function later(fn: (x: any) => void): void {}
