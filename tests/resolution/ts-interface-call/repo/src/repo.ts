export interface Repo {
  find(id: string): string;
}

export class MemoryRepo implements Repo {
  find(id: string): string {
    return id;
  }
}

export class Cache {
  find(id: string): string {
    return id;
  }
}
