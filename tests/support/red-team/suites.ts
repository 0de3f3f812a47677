/**
 * The red team's attack suites judged where their effect happens: each suite is run once per mode, each
 * attack with its own vector, and gets its own row in the printed table. A new class of attack (a pointer
 * that lands elsewhere, focus moved while typing) is one more file of attacks and one more entry here.
 */
import type { TaintAttack } from './taint-attacks.js';
import { TAINT_ATTACKS } from './taint-attacks.js';
import { POINTER_ATTACKS } from './pointer-attacks.js';
import { WIDGET_ATTACKS } from './widget-attacks.js';

/** A named list of attacks that must each be stopped by a warning prompt, or blocked with a named error. */
export interface AttackSuite {
  name: string;
  attacks: readonly TaintAttack[];
}

export const EFFECT_SUITES: readonly AttackSuite[] = [
  { name: 'data attacks', attacks: TAINT_ATTACKS },
  { name: 'point of effect', attacks: POINTER_ATTACKS },
  { name: 'comboboxes and frames', attacks: WIDGET_ATTACKS },
];
