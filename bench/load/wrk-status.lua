-- Counts responses by HTTP status in every wrk thread and prints "status <code> <count>" lines at the end.
counts = {}
local threads = {}
function setup(thread) table.insert(threads, thread) end
function response(status, headers, body) counts[status] = (counts[status] or 0) + 1 end
function done(summary, latency, requests)
  for _, t in ipairs(threads) do
    for status, n in pairs(t:get("counts")) do io.write(string.format("status %d %d\n", status, n)) end
  end
end
