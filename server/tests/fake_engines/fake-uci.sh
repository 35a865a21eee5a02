#!/usr/bin/env bash
# A fake UCI engine for the server's fault tests. It completes the handshake like Stockfish, then
# answers every search with "bestmove g8f6" (legal for black after any first white move), except
# when the last move of the position is one of these triggers:
#   a2a3  hang: print nothing, ignore "stop"            -> the server answers 504 and kills it
#   b2b3  crash mid-search: one info line, then exit 1  -> 502
#   c2c3  garbage: a line that is not UCI               -> 502
#   d2d3  an illegal reply (e7e4 is no pawn move)       -> 502
#   e2e3  slow: answer after one second                 -> lets tests race requests
#   f2f3  no move: "bestmove (none)"                    -> 502
#   g2g3  answer normally, then go deaf (ignore every later line) -> /api/ready says 503
last=""
deaf=""
while IFS= read -r line; do
  [ -n "$deaf" ] && continue
  case "$line" in
    uci) echo "id name fake-uci"; echo "id author alphachess tests"; echo "uciok" ;;
    isready) echo "readyok" ;;
    position*) last="${line##* }" ;;
    go*)
      case "$last" in
        a2a3) ;;
        b2b3) echo "info depth 1 score cp 10 pv e7e5"; exit 1 ;;
        c2c3) echo "%%% this is not UCI %%%" ;;
        d2d3) echo "bestmove e7e4" ;;
        e2e3) sleep 1; echo "bestmove g8f6" ;;
        f2f3) echo "bestmove (none)" ;;
        g2g3) echo "bestmove g8f6"; deaf=1 ;;
        *) echo "info depth 1 score cp 0 pv g8f6"; echo "bestmove g8f6" ;;
      esac
      ;;
    quit) exit 0 ;;
  esac
done
