import type { KeyboardEvent } from 'react';

/**
 * The ARIA radio group's keys for a row of `role="radio"` buttons: the group is one tab stop (only the
 * checked button has `tabIndex` 0, see `radioTabIndex`), and the arrow keys move to the previous or
 * next choice, wrapping round, choosing it and focusing it, as native radio buttons do.
 */
export function radioGroupKeyDown<T>(event: KeyboardEvent<HTMLElement>, values: readonly T[], current: T, choose: (value: T) => void) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  const at = values.indexOf(current);
  let next: number | undefined;
  if (step !== undefined) next = (Math.max(at, 0) + step + values.length) % values.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = values.length - 1;
  if (next === undefined) return;
  event.preventDefault();
  event.stopPropagation();
  choose(values[next]);
  const radios = event.currentTarget.closest('[role="radiogroup"]')?.querySelectorAll<HTMLElement>('[role="radio"]');
  radios?.[next]?.focus();
}

/** The roving tab index: the checked choice is the group's one tab stop. */
export function radioTabIndex(checked: boolean): 0 | -1 {
  return checked ? 0 : -1;
}

/**
 * What makes a button the choice `value` of such a group (spread onto the `<button>`): its role,
 * checked when `value` is `current`, the roving tab index, the arrow keys over `values`, and the
 * click that chooses it.
 */
export function radioChoice<T>(value: T, values: readonly T[], current: T, choose: (value: T) => void) {
  const checked = value === current;
  return {
    type: 'button',
    role: 'radio',
    'aria-checked': checked,
    tabIndex: radioTabIndex(checked),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => radioGroupKeyDown(event, values, current, choose),
    onClick: () => choose(value),
  } as const;
}
