/** Sums numbers. */
export function sum(...values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

export async function retry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (error) {
      if (i + 1 >= attempts) throw error;
    }
  }
}

export function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export const clamp = (value: number, min: number, max: number): number =>
  Math.min(Math.max(value, min), max);

export const isDefined = <T,>(value: T | undefined): value is T => value !== undefined;

const noop = function (): void {};

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${value}`);
}

export default async function main(argv: string[] = process.argv): Promise<number> {
  console.log(sum(1, 2), clamp(5, 0, 3));
  return 0;
}
