import { ApiError, isServerErrorCode } from './apiError';

/** How a request authenticates: the game's secret token, sent as a Bearer header. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  token?: string;
  signal?: AbortSignal;
}

/** Sends one request, turning a failure to reach the server into `ApiError` (an abort stays an abort). */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network', 'the server cannot be reached');
  }
}

/** Sends one request to the API and parses the JSON answer, throwing `ApiError` on any failure. */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  const payload = await readJson(response);
  if (!response.ok) throw errorFrom(response.status, payload);
  if (payload === undefined) throw new ApiError(response.status, 'bad_response', 'the server sent an unreadable answer');
  return payload as T;
}

/**
 * Sends one request whose answer is text of type `accept` (a PGN), throwing `ApiError` on any
 * failure; an error answer is still the usual JSON body.
 */
export async function requestText(path: string, options: RequestOptions & { accept: string }): Promise<string> {
  const response = await send(path, options, `${options.accept}, application/json`);
  if (!response.ok) throw errorFrom(response.status, await readJson(response));
  return response.text();
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Turns an error body `{error, message}` into an `ApiError`, tolerating proxies that send HTML. */
export function errorFrom(status: number, payload: unknown): ApiError {
  if (payload && typeof payload === 'object') {
    const { error, message } = payload as { error?: unknown; message?: unknown };
    if (typeof error === 'string') {
      const text = typeof message === 'string' ? message : error;
      // A code this client does not know still carries the server's sentence for the player.
      return isServerErrorCode(error) ? new ApiError(status, error, text) : new ApiError(status, 'bad_response', text, error);
    }
  }
  if (status === 502 || status === 503 || status === 504) {
    return new ApiError(status, 'network', 'the server is not answering');
  }
  return new ApiError(status, 'bad_response', `the server answered with status ${status}`);
}
