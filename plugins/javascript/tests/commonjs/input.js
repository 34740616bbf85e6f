'use strict';

/**
 * A tiny CommonJS router: what it requires and what it exports.
 */
const http = require('http');
const { parse: parseUrl, format } = require('url');
const Layer = require('./layer');
const debug = require('debug')('router');
const compile = require('./compiler').compile;
const parseQuery = require('./query').parse;
const methods = require('./methods.json').map((m) => m.toLowerCase());

require('./patches');

function Router(options) {
  this.stack = [];
  this.strict = Boolean(options && options.strict);
}

/** Adds a middleware layer for a path. */
Router.prototype.use = function use(path, fn) {
  debug('use %s', path);
  this.stack.push(new Layer(path, fn));
  return this;
};

Router.prototype.handle = function (req, res) {
  const url = parseUrl(req.url);
  for (const layer of this.stack) {
    if (layer.match(url.pathname)) return layer.handle(req, res);
  }
  res.statusCode = 404;
  res.end(http.STATUS_CODES[404]);
};

Router.create = (options) => new Router(options);

exports.version = '2.1.0';
exports.methods = methods;
exports.createServer = function createServer(router) {
  return http.createServer((req, res) => router.handle(req, res));
};
module.exports.format = format;
module.exports.Router = Router;
module.exports.defaults = { strict: false, caseSensitive: false };
module.exports.lazy = require('./lazy');

var modules = [
  require("./internal"),
  require("lodash"),
];
