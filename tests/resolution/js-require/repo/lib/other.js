'use strict';

function compile(src) {
  return src;
}

function decorate(app) {
  return app;
}

module.exports = { compile: compile, decorate: decorate };
