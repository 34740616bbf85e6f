import { z } from 'zod';

const schema = z.object({ name: z.string().min(1), age: z.number().optional() });

export class OrderApi {
  constructor(private readonly client: HttpClient, private cache = new LruCache<string, Order>(100)) {}

  async fetch(id: string): Promise<Order> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const order = await this.client.get<Order>(`/orders/${id}`);
    this.cache.set(id, order);
    return parseOrder<Order>(order);
  }

  async all(): Promise<Order[]> {
    const pages = await Promise.all([1, 2, 3].map((p) => this.page(p)));
    return pages.flat().filter(isOpen);
  }

  private page(n: number) {
    return this.client!.get<Order[]>('/orders', { params: { page: n } });
  }
}

function parseOrder<T>(raw: unknown): T {
  return schema.parse(raw) as T;
}

const isOpen = (order: Order) => order.status !== 'closed';
export const api = new OrderApi(new HttpClient({ baseUrl: '/api' }));
