export function add(a: string): string {
  return a;
}

export function scale(a: string): string {
  return a;
}
