'use strict';

module.exports = function query(options) {
  return options;
};
