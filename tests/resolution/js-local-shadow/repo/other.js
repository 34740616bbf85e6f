'use strict';

function _super(x) {
  return x;
}

module.exports = _super;
