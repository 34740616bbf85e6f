'use strict';

function handle(req, done) {
  var idx = 0;
  next();

  function next(err) {
    idx++;
    return done(err);
  }
}

function process_params(layer, next) {
  next();
  helper();
}

function helper() {
  return 1;
}

function route(path) {
  function helper() {
    return 2;
  }
  return helper();
}

module.exports = { handle: handle, process_params: process_params, route: route };
