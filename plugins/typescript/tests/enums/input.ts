/** Where an order is in its life. */
export enum OrderStatus {
  Pending,
  /** Paid but not shipped. */
  Paid = 'PAID',
  Shipped = 'SHIPPED',
  Cancelled = Pending - 1,
}

export const enum Direction {
  Up = 1,
  Down,
  Left,
  Right,
}

declare enum LogLevel {
  Debug = 'debug',
  Info = 'info',
}

enum Quoted {
  'first-value' = 1,
  "second value" = 2,
}

export function isFinal(status: OrderStatus): boolean {
  return status === OrderStatus.Shipped || status === OrderStatus.Cancelled;
}
