// A practice card for the browser tests (issue #41): a game created under a player key with the
// lichess Board API, where black blunders 3... Nf6?? and is mated, then reviewed. Shared by the
// practice suite and the layout suite, which looks at the practice screen at both sizes.
import assert from 'node:assert/strict';

export const KEY = 'kq3F9xZ2bV7nLmP0sT4wYc8dR1eH6jA5uG_iO-NlQzE';
/** After 1. e4 e5 2. Qh5 Nc6 3. Bc4: black to move; Nf6?? allows Qxf7#. */
const FEN = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3';
const REVIEW_WAIT_MS = 60_000;

const auth = { Authorization: `Bearer ${KEY}` };

/** A game under the key where black blunders and is mated, reviewed: its id. */
export async function reviewedGame(base) {
  const created = await fetch(`${base}/api/challenge/ai`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ level: '8', color: 'black', fen: FEN }),
  });
  assert.ok(created.ok, `challenge: ${created.status}`);
  const { id } = await created.json();
  const moved = await fetch(`${base}/api/board/game/${id}/move/g8f6`, { method: 'POST', headers: auth });
  assert.ok(moved.ok, `move: ${moved.status}`);
  for (let i = 0; i < 600; i++) {
    const view = await (await fetch(`${base}/api/games/${id}`)).json();
    if (view.status !== 'ongoing') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const view = await (await fetch(`${base}/api/games/${id}`)).json();
  if (view.status === 'ongoing') await fetch(`${base}/api/board/game/${id}/resign`, { method: 'POST', headers: auth });
  const asked = await fetch(`${base}/api/games/${id}/analysis`, { method: 'POST', headers: auth });
  assert.equal(asked.status, 202);
  const deadline = Date.now() + REVIEW_WAIT_MS;
  while (Date.now() < deadline) {
    const analysis = await (await fetch(`${base}/api/games/${id}/analysis`)).json();
    if (analysis.status === 'done') return id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the review did not finish');
}
