'use strict';

module.exports = View;

function View(name) {
  this.name = name;
  this.path = this.lookup(name);
}

View.prototype.lookup = function lookup(name) {
  return name;
};

View.prototype.render = function render(options, callback) {
  var file = this.lookup(this.name);
  this.engine(file, options, callback);
};
