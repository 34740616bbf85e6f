import { EventEmitter } from 'node:events';

/** A queue of jobs run one at a time. */
export class Queue extends EventEmitter {
  static #instances = 0;
  static defaultConcurrency = 1;
  #jobs = [];
  running = false;
  'max-size' = 100;

  constructor(name) {
    super();
    this.name = name;
    Queue.#instances += 1;
  }

  get size() {
    return this.#jobs.length;
  }

  set size(value) {
    this.#jobs.length = value;
  }

  static get instances() {
    return Queue.#instances;
  }

  static create(name) {
    return new Queue(name);
  }

  push(job) {
    this.#jobs.push(job);
    this.emit('push', job);
  }

  async *drain() {
    while (this.#jobs.length) yield await this.#run(this.#jobs.shift());
  }

  async #run(job) {
    return job();
  }

  [Symbol.iterator]() {
    return this.#jobs.values();
  }

  onDone = (result) => {
    this.emit('done', result);
  };
}

export default class extends Queue {}

export const PriorityQueue = class Priority extends Queue {
  push(job, priority = 0) {
    super.push({ job, priority });
  }
};

var Stack = class {
  pop() {}
};
