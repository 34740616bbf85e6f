import type { Request, Response } from 'express';
import * as db from './db';

export interface Paginated<T> extends Iterable<T> {
  page: PageInfo;
}

export class UserController extends BaseController<User> implements Controller, db.Listener {
  private cache: Map<UserId, CachedUser[]> = new Map();

  constructor(private readonly repo: db.Repository<User>) {
    super();
  }

  async list(req: Request, res: Response): Promise<Paginated<UserDto>> {
    const users = (await this.repo.all()) as User[];
    const dto = users.map(toDto) satisfies UserDto[];
    return { page: { size: dto.length } as PageInfo, [Symbol.iterator]: () => dto.values() };
  }

  find<K extends keyof User>(key: K, value: User[K]): User | undefined {
    return this.cache.get(value as unknown as UserId)?.[0];
  }
}

export function isAdmin(user: User | Guest): user is Admin {
  return 'roles' in user;
}

type Mapper<A, B> = (input: A) => Readonly<B>;
export const toDto: Mapper<User, UserDto> = (user) => ({ id: user.id, name: user.name });
let pending: Array<Promise<Result<Job, JobError>>> = [];
