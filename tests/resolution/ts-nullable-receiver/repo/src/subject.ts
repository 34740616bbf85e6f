export class Subject {
  next(value: number): void {}
  complete(): void {}
}

export class Queue {
  next(value: number): void {}
  complete(): void {}
}
