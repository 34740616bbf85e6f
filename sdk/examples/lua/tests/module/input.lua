--- Accounts and their balances.
local json = require("json")
local util = require "lib.util"

local M = {}

M.VERSION = "1.0"
local MAX = 100

-- An account holds a balance.
local Account = {}
Account.__index = Account

--- Creates an account.
function Account.new(owner, balance)
  local self = setmetatable({}, Account)
  self.owner = owner
  self.balance = balance or 0
  return self
end

-- Adds money to the account.
function Account:deposit(amount)
  self.balance = self.balance + util.round(amount)
  print("deposited " .. amount)
end

local function helper(x)
  return x * 2
end

function global_fn()
  return helper(MAX)
end

M.compute = function(a, b) return a + b end

return M
