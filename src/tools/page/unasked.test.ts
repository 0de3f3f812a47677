/**
 * Scroll and hover change nothing a person would be asked about: in ask mode they run without a prompt,
 * and scroll (reading a long page) runs in read-only mode too. Checked with the real tools and the real
 * permission rules, so a tool that starts asking again fails here.
 */
import { describe, expect, it } from 'vitest';
import { createCanUseTool } from '../../runtime/permissions.js';
import type { PermissionMode } from '../../runtime/permission-types.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { hover } from './hover.js';
import { scroll } from './scroll.js';

const contextIn = (mode: PermissionMode) => createTestContext([scroll, hover], { permissions: { mode, rules: { allow: [], deny: [], ask: [] }, grants: [] } });

describe('acts that change nothing', () => {
  it('scroll runs unasked in ask and read-only mode; hover in ask mode only', async () => {
    const canUseTool = createCanUseTool();
    const ask = contextIn('ask');
    expect((await canUseTool(scroll, { direction: 'down', amount: 1 }, ask, 's1')).behavior).toBe('allow');
    expect((await canUseTool(hover, { ref: 'e3' }, ask, 'h1')).behavior).toBe('allow');
    const readOnly = contextIn('read-only');
    expect((await canUseTool(scroll, { ref: 'e3' }, readOnly, 's2')).behavior).toBe('allow');
    // A page may act on mouseover; read-only mode keeps to what cannot change anything.
    expect((await canUseTool(hover, { ref: 'e3' }, readOnly, 'h2')).behavior).toBe('deny');
  });
});
