'use strict';

var send = require('send');
var mime = send.mime;

var res = Object.create(null);
module.exports = res;

res.set = res.header = function header(field, val) {
  this.setHeader(field, val);
  return this;
};

res.contentType = res.type = function contentType(type) {
  var ct = mime.lookup(type);
  return this.set('Content-Type', ct);
};

res.render = function render(view) {
  view.lookup('index');
  this.type('html');
};

res.engine = function engine(name) {
  return name;
};
