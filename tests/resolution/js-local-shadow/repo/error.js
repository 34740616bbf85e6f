'use strict';

function createErrorClass(impl) {
  var ctor = function () {};
  return impl(function (_super) {
    return function NotFound(message) {
      _super(this);
      init();
    };
  });
}

module.exports = createErrorClass;
