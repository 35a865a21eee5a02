/** The board's colour themes: light and dark square colours, lichess's classics. */
export const THEMES = {
  brown: { name: 'Brown', light: '#f0d9b5', dark: '#b58863' },
  blue: { name: 'Blue', light: '#dee3e6', dark: '#8ca2ad' },
  green: { name: 'Green', light: '#ffffdd', dark: '#86a666' },
  grey: { name: 'Grey', light: '#d9d9d9', dark: '#9e9e9e' },
  purple: { name: 'Purple', light: '#e3dcf1', dark: '#9f90b0' },
} as const;

export type ThemeName = keyof typeof THEMES;

export const THEME_NAMES = Object.keys(THEMES) as ThemeName[];

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && Object.hasOwn(THEMES, value);
}
