import type { LegalMove } from '../../../api/types';
import { castlingRookSquare } from '../../../chess/legal';
import type { PromotionRole, SquareName } from '../../../chess/types';

/**
 * A typed move (`e4`, `Nf3`, `e2e4`, `O-O`, and the forgiving spellings the server reads: `nf3`,
 * `Ng1f3`, `ed5`, `e8q`, `0-0`…) looked up in the server's list of legal moves. Nothing here decides
 * legality: the text is read as the server's reader reads it (`server/src/games/model/notation.rs`,
 * `engine/src/san/parse.rs`), and names a move exactly when it names one listed move. A text that
 * names none is refused here, in words, and never sent: the server would answer 4xx, which the
 * browser logs as an error whatever the page makes of it.
 */
export type TypedMove = { kind: 'move'; move: LegalMove } | { kind: 'refused'; message: string };

type Role = 'P' | 'N' | 'B' | 'R' | 'Q' | 'K';

/** What a text says, before the legal moves are consulted. */
type Reading =
  | { kind: 'castle'; long: boolean }
  | { kind: 'coordinates'; from: SquareName; to: SquareName; promotion: PromotionRole | null }
  | { kind: 'normal'; role: Role; file: string | null; rank: string | null; to: SquareName; promotion: PromotionRole | null };

/** Longest move text worth reading, as on the server. */
const MAX_MOVE_TEXT = 16;
const FILES = 'abcdefgh';
const RANKS = '12345678';
const isFile = (c: string | undefined) => c !== undefined && c.length === 1 && FILES.includes(c);
const isRank = (c: string | undefined) => c !== undefined && c.length === 1 && RANKS.includes(c);
const promotionOf = (c: string | undefined): PromotionRole | undefined =>
  c !== undefined && c.length === 1 && 'qrbn'.includes(c.toLowerCase()) ? (c.toLowerCase() as PromotionRole) : undefined;

/** A move's text without its `+ # ! ?` marks. */
const bare = (text: string) => text.replace(/[+#!?]+$/, '');

/** UCI: `e2e4`, `e7e8q`. */
function readUci(text: string): Reading | undefined {
  const match = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(text);
  if (!match) return undefined;
  const [, from, to, promotion] = match;
  return { kind: 'coordinates', from: from as SquareName, to: to as SquareName, promotion: (promotion as PromotionRole) ?? null };
}

/** SAN as the engine crate reads it, forgiving spellings included; undefined when it is none. */
function readSan(typed: string): Reading | undefined {
  const text = bare(typed);
  if (/^[O0o]-[O0o]$/.test(text)) return { kind: 'castle', long: false };
  if (/^[O0o]-[O0o]-[O0o]$/.test(text)) return { kind: 'castle', long: true };
  const lettered = /^[NBRQKP]/.test(text);
  const role = (lettered ? text[0] : 'P') as Role;
  let rest = lettered ? text.slice(1) : text;
  let promotion: PromotionRole | null = null;
  if (rest.at(-2) === '=' || (/^\d$/.test(rest.at(-2) ?? '') && /^[A-Za-z]$/.test(rest.at(-1) ?? ''))) {
    const piece = promotionOf(rest.at(-1));
    if (!piece) return undefined;
    promotion = piece;
    rest = rest.slice(0, rest.at(-2) === '=' ? -2 : -1);
  }
  const to = rest.slice(-2);
  if (!isFile(to[0]) || !isRank(to[1])) return undefined;
  let origin = rest.slice(0, -2);
  if (/[x:-]$/.test(origin)) origin = origin.slice(0, -1);
  let file: string | null = null;
  let rank: string | null = null;
  if (origin.length === 1 && isFile(origin)) file = origin;
  else if (origin.length === 1 && isRank(origin)) rank = origin;
  else if (origin.length === 2 && isFile(origin[0]) && isRank(origin[1])) [file, rank] = [origin[0], origin[1]];
  else if (origin.length > 0) return undefined;
  if (promotion && role !== 'P') return undefined;
  if (!lettered && file && rank) return { kind: 'coordinates', from: `${file}${rank}` as SquareName, to: to as SquareName, promotion };
  if (!lettered && rank) return undefined;
  return { kind: 'normal', role, file, rank, to: to as SquareName, promotion };
}

/** `bc5` → `bxc5`: a pawn that changes file captures, and the `x` may be left out. */
const pawnCapture = (text: string) => (/^[a-h][a-h][1-8]/.test(text) && text[0] !== text[1] ? `${text[0]}x${text.slice(1)}` : text);

/**
 * The readings of an all-lower-case text (`nf3`, `bc4`, `o-o`, `e8=q`), the most likely first: a
 * leading `b` is the bishop, then the b-pawn, as lichess reads it.
 */
function lowercaseReadings(typed: string): Reading[] {
  if (/[A-Z]/.test(typed)) return [];
  const text = typed.replace(/=(.)/, (_, piece: string) => `=${piece.toUpperCase()}`);
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  const candidates = /^[nrqk]/.test(text)
    ? [capitalised]
    : text.startsWith('b')
      ? [capitalised, pawnCapture(text)]
      : /^[o0]/.test(text)
        ? [text.replace(/[o0]/g, 'O')]
        : [pawnCapture(text)];
  return candidates.flatMap((candidate) => readSan(candidate) ?? []);
}

/** Every reading of the text, in the order the server tries them. */
function readings(text: string): Reading[] {
  if (!text || text.length > MAX_MOVE_TEXT || !/^[\x21-\x7e]+$/.test(text)) return [];
  const uci = readUci(text);
  if (uci) return [uci];
  const lowercase = lowercaseReadings(text);
  if (text.startsWith('b') && lowercase.length > 1) return lowercase;
  const strict = readSan(text);
  return strict ? [strict] : lowercase;
}

/** The role a listed move moves, from its SAN. */
function roleOf(move: LegalMove): Role {
  const letter = move.san.charAt(0);
  return 'NBRQK'.includes(letter) ? (letter as Role) : letter === 'O' ? 'K' : 'P';
}

const isCastle = (move: LegalMove) => move.san.startsWith('O-O');

/** Whether `move` is one the reading could mean, whatever it promotes to. */
function matchesIgnoringPromotion(reading: Reading, move: LegalMove): boolean {
  switch (reading.kind) {
    case 'castle':
      return isCastle(move) && move.san.startsWith('O-O-O') === reading.long;
    case 'coordinates':
      return move.from === reading.from && (move.to === reading.to || castlingRookSquare(move) === reading.to);
    case 'normal':
      return (
        !isCastle(move) &&
        move.to === reading.to &&
        roleOf(move) === reading.role &&
        (reading.file === null || move.from[0] === reading.file) &&
        (reading.rank === null || move.from[1] === reading.rank)
      );
  }
}

const promotionOfReading = (reading: Reading) => (reading.kind === 'castle' ? null : reading.promotion);

/** The listed moves a reading names. */
function candidates(reading: Reading, legal: readonly LegalMove[]): LegalMove[] {
  return legal.filter((move) => matchesIgnoringPromotion(reading, move) && (move.promotion ?? null) === promotionOfReading(reading));
}

/** "a, b or c". */
const either = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

/** Why a reading names no single listed move, as a sentence for under the box. */
function refusal(text: string, reading: Reading, legal: readonly LegalMove[], named: LegalMove[]): string {
  if (named.length > 1) return `${text} could be ${either(named.map((move) => bare(move.san)))}: type which.`;
  const loose = legal.filter((move) => matchesIgnoringPromotion(reading, move));
  if (loose.length > 0 && promotionOfReading(reading) === null)
    return `${text} needs the piece the pawn becomes: ${either(loose.map((move) => bare(move.san)))}.`;
  if (promotionOfReading(reading) !== null) return `${text} is not a legal move here: only a pawn reaching the last rank promotes.`;
  return `${text} is not a legal move here.`;
}

/** The listed move `text` names, or the sentence that says why it names none. */
export function readTypedMove(legal: readonly LegalMove[], typed: string): TypedMove {
  const text = typed.trim();
  const all = readings(text);
  if (all.length === 0) return { kind: 'refused', message: `"${text}" is not a move: type one as e4, Nf3, e2e4 or O-O.` };
  for (const reading of all) {
    const named = candidates(reading, legal);
    if (named.length === 1) return { kind: 'move', move: named[0] };
  }
  const last = all[all.length - 1];
  return { kind: 'refused', message: refusal(text, last, legal, candidates(last, legal)) };
}
