// Declarations of a JavaScript library, as in a .d.ts file.

declare const VERSION: string;
declare let currentLocale: string;
declare var __DEV__: boolean;

/** Formats a number as money. */
declare function formatMoney(amount: number, currency?: string): string;
declare function formatMoney(amount: bigint): string;

declare class Formatter {
  constructor(locale: string);
  format(value: number): string;
  static readonly default: Formatter;
  private cache;
}

export declare type Locale = 'en' | 'fr';

export declare namespace money {
  function parse(text: string): number;
  const symbols: Record<Locale, string>;
}

export function round(value: number, digits?: number): number;
export function round(value: number, digits = 2): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

export = Formatter;
