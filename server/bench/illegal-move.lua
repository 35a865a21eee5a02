-- wrk script: POST an illegal move (e2e5 from the initial position) with the game's token.
-- The token and game id come from the environment (set by wrk.sh).
wrk.method = "POST"
wrk.path = "/api/games/" .. os.getenv("GAME_ID") .. "/moves"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("GAME_TOKEN")
wrk.body = '{"move":"e2e5"}'

-- Count any answer other than the expected 422 so the figures are not those of an error path.
local unexpected = 0
response = function(status, headers, body)
  if status ~= 422 then unexpected = unexpected + 1 end
end

done = function(summary, latency, requests)
  io.write(string.format("non-422 responses: %d\n", unexpected))
end
