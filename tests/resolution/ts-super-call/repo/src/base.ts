export class Subject<T> {
  next(value: T): void {}
  complete(): void {}
}

export class Chain {
  next(value: number): void {}
}
