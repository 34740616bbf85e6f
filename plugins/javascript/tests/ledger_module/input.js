// The ledger module: entries and their totals.
import fs from 'node:fs';
import { normalize, format as fmt } from './util.js';
import * as path from 'path';
import './polyfill';
const EventEmitter = require('events');

export const DEFAULT_CURRENCY = 'EUR';
let counter = 0;

/**
 * Keeps entries in order.
 * @param {string} file where the ledger is saved
 */
export class Ledger extends EventEmitter {
  #entries = [];
  static count = 0;

  constructor(file) {
    super();
    this.file = file;
  }

  /** Records one entry after cleaning its note. */
  add(amount, note) {
    this.#entries.push([amount, normalize(note)]);
    this.emit('added', amount);
    return this.#entries.length;
  }

  get total() {
    return this.#entries.reduce((sum, [a]) => sum + a, 0);
  }

  #save() {
    fs.writeFileSync(path.join('.', this.file), JSON.stringify(this.#entries));
  }
}

export function main() {
  const ledger = new Ledger('ledger.json');
  ledger.add(10, '  first entry  ');
  console.log(fmt(ledger.total));
  counter += 1;
}

export const helper = (x) => x * 2;

export { normalize as clean } from './util.js';
export * from './extra.js';
