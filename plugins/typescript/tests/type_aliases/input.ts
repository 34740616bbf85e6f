// Types that describe the shapes of the API.

export type Id = string;
export type Status = 'active' | 'disabled' | 'deleted';
export type Handler<T = unknown> = (event: Event<T>, context: Context) => Promise<void>;

/** A page of results. */
export type Page<T> = {
  items: T[];
  next?: Cursor;
  total(): number;
};

export type User = BaseEntity & {
  name: string;
  roles: Role[];
};

type Nullable<T> = T | null;
type Keys = keyof typeof defaults;
type Unwrap<P> = P extends Promise<infer V> ? V : P;
type ReadonlyMap<K extends string, V> = { readonly [key in K]: Entry<V> };
type Listener = { (event: string): void };
type Tuple = [Id, Status, ...Tag[]];

const defaults = { retries: 3, timeout: 1000 };
