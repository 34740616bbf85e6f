import { Ledger } from './ledger.js';
import type { Entry } from './types';

/** A place entries are kept. */
export interface Store<T> extends Closeable {
  readonly name: string;
  save(entry: T): Promise<void>;
}

export type Amount = number;

export enum Currency {
  EUR = 'EUR',
  USD,
}

export namespace Stores {
  export const DEFAULT = 'memory';
}

declare function audit(message: string): void;

export abstract class BaseStore implements Store<Entry> {
  private readonly items: Entry[] = [];
  protected count = 0;
  public name = 'base';

  constructor(private ledger: Ledger) {}

  public async save(entry: Entry): Promise<void> {
    this.items.push(entry);
    audit(`saved ${entry.note}`);
  }

  protected abstract flush(): void;
}
