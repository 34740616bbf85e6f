export function add(a: number, b: number): number {
  return a + b;
}

export function scale(a: number): number {
  return a * 2;
}

export default function clamp(a: number): number {
  return a;
}
