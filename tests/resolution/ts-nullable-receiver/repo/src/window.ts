import { Subject, Queue } from './subject';

export class Windowed {
  source: Subject | undefined;
  either: Subject | Queue = new Queue();

  open(): void {
    let window: Subject | null = null;
    window = new Subject();
    window!.next(1);
    this.source!.complete();
    this.source?.next(2);
    this.either.next(3);
  }
}
