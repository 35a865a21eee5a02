/** Small guards for reading untrusted JSON at the edge (event data, answers) into typed values. */

/** A JSON object, or nothing. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `data` parsed, when it is a JSON object; anything else (a syntax error included) is nothing. */
export function parseJson(data: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A whole number of at least zero. */
export const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
