'use strict';

var utils = require('./util');
var { normalize: norm } = require('./util');
var query = require('./query');
var build = require('../index').compile;

function init(app) {
  utils.normalize(app);
  norm(app);
  query({});
  build(app);
  utils.flatten([]);
  decorate(app);
}

module.exports = init;
