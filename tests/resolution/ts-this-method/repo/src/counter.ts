export function reset(): number {
  return 0;
}

export function start(): void {}

export class Counter {
  private n = 0;

  reset(): void {
    this.n = 0;
  }

  start(): void {
    this.reset();
    reset();
    const handlers = {
      reset: () => this.reset(),
      stop() {
        return 1;
      },
    };
    handlers.stop();
  }
}

export const api = {
  start() {
    return 1;
  },
};

export function go(c: { start(): void }): void {
  c.start();
  start();
  api.start();
  stop();
}
