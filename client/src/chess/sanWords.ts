/**
 * A move's SAN read out in words for a screen reader: `Nf3` → "knight to f3", `exd5` → "pawn
 * takes d5", `O-O` → "kingside castling", `e8=Q+` → "pawn to e8, promotes to queen, check". The SAN
 * is the server's (always valid); this only reads it, it never judges a move.
 */

const ROLES: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };

/** `N`, from-file/rank disambiguation, `x`, target square, `=Q`, then `+` or `#`. */
const SAN = /^([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=?([QRBN]))?([+#])?$/;

export function sanWords(san: string): string {
  const text = san.trim().replace(/[!?]+$/, '');
  const suffix = text.endsWith('#') ? ', checkmate' : text.endsWith('+') ? ', check' : '';
  const bare = text.replace(/[+#]$/, '');
  if (bare === 'O-O' || bare === '0-0') return `kingside castling${suffix}`;
  if (bare === 'O-O-O' || bare === '0-0-0') return `queenside castling${suffix}`;
  const match = SAN.exec(text);
  // Not SAN (a pawn's SAN never names its rank of departure: `e2e4` is UCI): say it as written.
  if (!match || (!match[1] && match[3])) return text;
  const [, role, fromFile, fromRank, capture, target, promotion] = match;
  const piece = role ? ROLES[role] : 'pawn';
  // A pawn's file before `x` says where it came from, which its capture already implies: left out.
  const from = role && (fromFile || fromRank) ? ` from ${fromFile ?? ''}${fromRank ?? ''}` : '';
  const promotes = promotion ? `, promotes to ${ROLES[promotion]}` : '';
  return `${piece}${from} ${capture ? 'takes' : 'to'} ${target}${promotes}${suffix}`;
}
