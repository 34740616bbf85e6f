'use strict';

var utils = require('./util');
var { compile } = require('./util');
var query = require('./query');
var normalize = require('./util').normalize;

function init(app) {
  utils.normalize(app);
  compile(app);
  query({});
  normalize('x');
  utils.flatten([]);
}

module.exports = init;
