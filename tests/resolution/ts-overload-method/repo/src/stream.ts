export class Stream {
  subscribe(next: (value: number) => void): string;
  /** @deprecated pass an observer */
  subscribe(next: (value: number) => void, error: (e: unknown) => void): string;
  subscribe(next: (value: number) => void, error?: (e: unknown) => void): string {
    return 'ok';
  }

  forEach(next: (value: number) => void): string {
    return this.subscribe(next);
  }
}

export class Topic {
  subscribe(): string {
    return 'topic';
  }
}
