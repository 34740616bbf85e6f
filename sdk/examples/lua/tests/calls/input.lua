local Queue = {}
Queue.__index = Queue

function Queue.new()
  return setmetatable({ first = 1, last = 0, items = {} }, Queue)
end

function Queue:push(item)
  self.last = self.last + 1
  self.items[self.last] = item
end

function Queue:pop()
  if self:empty() then
    error("the queue is empty, nothing to pop")
  end
  local item = self.items[self.first]
  self.items[self.first] = nil
  self.first = self.first + 1
  return item
end

function Queue:empty()
  return self.first > self.last
end

local q = Queue.new()
q:push(42)
print(q:pop())
