import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyTool } from '../runtime/tool.js';
import { memoryDelete } from './storage/memory-delete.js';
import { memoryRead } from './storage/memory-read.js';
import { memoryWrite } from './storage/memory-write.js';
import { readResult } from './storage/read-result.js';
import { saveFile } from './storage/save-file.js';
import { closeTab } from './tab/close-tab.js';
import { listTabs } from './tab/list-tabs.js';
import { openTab } from './tab/open-tab.js';
import { switchTab } from './tab/switch-tab.js';

const expected: Record<string, string[]> = {
  list_tabs: [],
  open_tab: ['url', 'active'],
  switch_tab: ['tab_id'],
  close_tab: ['tab_id'],
  read_result: ['id', 'offset', 'limit'],
  memory_read: ['key'],
  memory_write: ['key', 'value'],
  memory_delete: ['key'],
  save_file: ['filename', 'content', 'mime_type'],
};
const tools: AnyTool[] = [listTabs, openTab, switchTab, closeTab, readResult, memoryRead, memoryWrite, memoryDelete, saveFile];

describe.each(tools.map((tool) => [tool.name, tool] as const))('the model-facing contract of %s', (name, tool) => {
  const schema = z.toJSONSchema(tool.inputSchema, { io: 'input' }) as { properties?: Record<string, { description?: string }> };

  it('has exactly the input fields its contract names, each described', () => {
    expect(Object.keys(schema.properties ?? {})).toEqual(expected[name]);
    for (const [field, spec] of Object.entries(schema.properties ?? {})) {
      expect(spec.description?.length, `${name}.${field}`).toBeGreaterThan(20);
    }
  });

  it('has a 3–10 word search hint that does not repeat its name, and a prompt saying what it returns', () => {
    const words = tool.searchHint.split(/\s+/).filter(Boolean);
    expect(words.length).toBeGreaterThanOrEqual(3);
    expect(words.length).toBeLessThanOrEqual(10);
    for (const part of name.split('_')) expect(words).not.toContain(part);
    expect(tool.prompt).toMatch(/\breturns\b/i);
    expect(tool.prompt.length).toBeGreaterThan(200);
  });
});
