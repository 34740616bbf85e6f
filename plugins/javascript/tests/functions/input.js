// Every way a function gets a name.

function add(a, b) {
  return a + b;
}

async function fetchJson(url, options = {}) {
  const response = await fetch(url, options);
  return response.json();
}

function* range(start, end, step = 1) {
  for (let i = start; i < end; i += step) yield i;
}

async function* lines(stream) {
  for await (const chunk of stream) yield* String(chunk).split('\n');
}

const multiply = (a, b) => a * b;
const square = function (x) {
  return multiply(x, x);
};
let compose = (...fns) => (x) => fns.reduceRight((acc, fn) => fn(acc), x);
var legacy = function legacyName() {};
const ids = function* () {
  let id = 0;
  while (true) yield id++;
};

function memoize(fn) {
  const cache = new Map();
  return function memoized(key) {
    if (!cache.has(key)) cache.set(key, fn(key));
    return cache.get(key);
  };
}

process.on('exit', function onExit(code) {
  console.log(`exiting with ${code}`);
});

export default function (req, res) {
  res.end(String(add(1, 2)));
}
