local json = require("cjson")
local util = require "lib.util"
local Stack = require("containers.stack")
require("strict")

local function encode(value)
  return json.encode(util.normalize(value))
end

return { encode = encode, Stack = Stack }
