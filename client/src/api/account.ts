import { requestJson } from './http';

/**
 * The key's rating, as the server keeps it from the key's rated games (`GET /api/account`, lichess's
 * `perfs` shape): the same on every device and client given the key. No client computes it.
 */
export interface Perf {
  games: number;
  rating: number;
  rd: number;
  prog: number;
  prov?: boolean;
}

interface Account {
  id: string;
  perfs: { correspondence: Perf };
}

export async function getPerf(key: string, signal?: AbortSignal): Promise<Perf> {
  const account = await requestJson<Account>('/api/account', { token: key, signal });
  return account.perfs.correspondence;
}

/**
 * Starts the key's rating from the first visit's answer (`PUT /api/account/estimate`): the server
 * takes it only while the key has no rated game, so it can never move a rating games made.
 */
export async function sendEstimate(key: string, experience: 'new' | 'little' | 'club' | 'strong'): Promise<Perf> {
  return requestJson<Perf>('/api/account/estimate', { method: 'PUT', token: key, body: { experience } });
}
