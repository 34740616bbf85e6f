// Module-level bindings: constants, variables, destructuring.

export const VERSION = '1.4.0';
const MAX_RETRIES = 3;
const TIMEOUT_MS = 30 * 1000;
const defaults = Object.freeze({ retries: MAX_RETRIES, timeout: TIMEOUT_MS });
const started = Date.now();

let cache = null;
let hits = 0, misses = 0;
var registry = new Map();
var initialized;

const { env, argv } = process;
const [first, second = 'none', ...rest] = argv;
let { NODE_ENV: mode = 'development' } = env;

export function lookup(key) {
  const value = registry.get(key);
  let attempts = 0;
  var found = value !== undefined;
  if (found) hits++;
  else misses++;
  return value;
}
