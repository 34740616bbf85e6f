import { Repo, MemoryRepo } from './repo';

export function lookup(repo: Repo, id: string): string {
  return repo.find(id);
}

export function direct(id: string): string {
  const r = new MemoryRepo();
  return r.find(id);
}
