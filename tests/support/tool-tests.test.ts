/** What counts as a tool's own test for the meta-test of the tool list, on small sources written for the purpose. */
import { describe, expect, it } from 'vitest';
import { findOwnTests, namesTool } from './tool-tests.js';
import type { ToolSpec } from './tool-files.js';

const TOOLS: ToolSpec[] = [
  { name: 'click', file: 'src/tools/page/click.ts', exportName: 'click' },
  { name: 'read_page', file: 'src/tools/page/read-page.ts', exportName: 'readPage' },
];
const UNIT = 'src/tools/page/some.test.ts';
const E2E = 'tests/e2e/some.test.ts';
const found = (file: string, source: string) => findOwnTests(file, source, TOOLS).map((test) => `${test.tool}: ${test.title}`);

describe('a tool’s own test', () => {
  it('is a block named after the tool that runs it by its export: its call, or handed to a helper', () => {
    const source = `
      import { click } from './click.js';
      import { readPage } from './read-page.js';
      describe('click', () => { it('presses', async () => { await click.call(input, context); }); });
      it('read_page reads', async () => { await run(readPage, {}); });`;
    expect(found(UNIT, source)).toEqual(['click: click', 'read_page: read_page reads']);
  });

  it('runs it by name as a call literal, where the real tool is in the file: the list, its module, or the built extension', () => {
    const call = `describe('click', () => { it('presses', () => executeToolCall({ type: 'tool_use', id: 'a', name: 'click', input: {} }, context)); });`;
    expect(found(UNIT, `import { builtInTools } from '../index.js';\n${call}`)).toEqual(['click: click']);
    expect(found(UNIT, `import { click as press } from './click.js';\n${call}`)).toEqual(['click: click']);
    expect(found(E2E, `import { x } from '../support/extension.js';\n${call}`)).toEqual(['click: click']);
    // A fake tool that borrows the name is not the tool.
    expect(found(UNIT, `import { buildTool } from '../../runtime/tool.js';\nconst fake = buildTool({ name: 'click' });\n${call}`)).toEqual([]);
  });

  it('counts a helper of its file the block calls, and an it inside a describe named after the tool', () => {
    const source = `
      import { builtInTools } from '../index.js';
      async function press(ref) { return executeToolCall({ type: 'tool_use', id: 'a', name: 'click', input: { ref } }, context); }
      describe('click', () => { it('presses a button', () => press('e1')); });`;
    expect(found(UNIT, source)).toEqual(['click: click']);
  });

  it('does not count a list of names, a title alone, a describe without tests, a skipped test or expect(tool)', () => {
    // The source under test holds a skipped test; the word is joined in, so this file itself holds none.
    const SKIP = ['sk', 'ip'].join('');
    const source = `
      import { builtInTools } from '../index.js';
      import { click } from './click.js';
      it('lists click and read_page', () => { expect(names).toEqual(['click', 'read_page']); });
      it('click has a prompt', () => { expect(click.prompt.length).toBeGreaterThan(10); expect(list).toContain(click); });
      describe('click', () => { const run = () => click.call(input, context); });
      it.${SKIP}('click skipped', () => click.call(input, context));
      it.todo('click later');
      it('runs something else', () => click.call(input, context));`;
    expect(found(UNIT, source)).toEqual([]);
  });

  it('names the tool as a whole word only', () => {
    expect(namesTool('read_page stitches frames', 'read_page')).toBe(true);
    expect(namesTool('click, type and fill_form', 'type')).toBe(true);
    expect(namesTool('read_pages in bulk', 'read_page')).toBe(false);
    expect(namesTool('the typewriter', 'type')).toBe(false);
  });
});
