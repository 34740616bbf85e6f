import { Subject } from './base';

export class AsyncSubject<T> extends Subject<T> implements Done {
  private last?: T;

  next(value: T): void {
    this.last = value;
  }

  complete(): void {
    if (this.last !== undefined) {
      this.last && super.next(this.last);
    }
    super.complete();
  }
}

interface Done {
  complete(): void;
}
