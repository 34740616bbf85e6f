'use strict';

exports.normalize = function normalize(type) {
  return type;
};

exports.compile = function (fn) {
  return exports.normalize(fn);
};

function flatten(list) {
  return list;
}

module.exports.flatten = flatten;
