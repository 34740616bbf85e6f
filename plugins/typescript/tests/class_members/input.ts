import { Logger } from './logger';

/** Base of every repository. */
export abstract class Repository<T extends Entity> implements Disposable {
  private static instances = 0;
  protected readonly items = new Map<string, T>();
  public name: string;
  readonly #secret = Symbol('secret');
  declare debugLabel?: string;
  static readonly defaultLimit: number = 50;

  constructor(private readonly logger: Logger, public table: string) {
    Repository.instances++;
  }

  public get size(): number {
    return this.items.size;
  }

  find(id: string): T | undefined;
  find(ids: string[]): T[];
  find(idOrIds: string | string[]): T | T[] | undefined {
    return Array.isArray(idOrIds) ? idOrIds.map((id) => this.items.get(id)!) : this.items.get(idOrIds);
  }

  protected abstract validate(item: T): boolean;

  private log(message: string): void {
    this.logger.info(`${this.name}: ${message}`);
  }

  #touch() {}

  public static count(): number {
    return Repository.instances;
  }

  protected onChange = (item: T): void => {
    this.log(`changed ${item.id}`);
  };

  [Symbol.dispose](): void {
    this.items.clear();
  }
}
