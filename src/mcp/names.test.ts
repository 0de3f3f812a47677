import { describe, expect, it } from 'vitest';
import { mapToolNames, PROVIDER_TOOL_NAME } from './names.js';

describe('MCP tool names', () => {
  it('prefixes mcp__<server>__ and keeps names that already fit', () => {
    expect(mapToolNames('shop', ['list_orders', 'get-order'])).toEqual({
      mapped: [
        { original: 'get-order', name: 'mcp__shop__get-order' },
        { original: 'list_orders', name: 'mcp__shop__list_orders' },
      ],
      notes: [],
    });
  });

  it('replaces characters providers refuse, and says so', () => {
    const { mapped, notes } = mapToolNames('shop', ['orders.search', 'Größe']);
    expect(mapped.map((m) => m.name)).toEqual(['mcp__shop__Gr__e', 'mcp__shop__orders_search']);
    expect(notes).toHaveLength(2);
    expect(notes[1]).toContain('"orders.search" is named mcp__shop__orders_search');
  });

  it('gives clashing names a hash suffix, the same whatever order the server lists them in', () => {
    const one = mapToolNames('shop', ['get.item', 'get_item']);
    const two = mapToolNames('shop', ['get_item', 'get.item']);
    expect(one).toEqual(two);
    const names = one.mapped.map((m) => m.name);
    expect(new Set(names).size).toBe(2);
    for (const name of names) expect(name).toMatch(/^mcp__shop__get_item_[0-9a-f]{6}$/);
  });

  it('cuts over-long names to 64 characters with a suffix that keeps them apart', () => {
    const server = 'a'.repeat(32);
    const long = (tail: string) => `fetch_the_quarterly_report_for_the_region_${tail}`;
    const { mapped } = mapToolNames(server, [long('north'), long('south')]);
    expect(mapped).toHaveLength(2);
    for (const { name } of mapped) {
      expect(name).toMatch(PROVIDER_TOOL_NAME);
      expect(name.length).toBe(64);
    }
    expect(mapped[0]?.name).not.toBe(mapped[1]?.name);
  });

  it('every mapped name is one providers accept, and unique', () => {
    const originals = ['a', 'a.b', 'a_b', 'a-b', 'ü'.repeat(200), '', 'x'.repeat(120), 'x'.repeat(121), 'tool with spaces', 'tool/with/slashes'];
    const { mapped } = mapToolNames('srv', originals);
    expect(new Set(mapped.map((m) => m.name)).size).toBe(mapped.length);
    for (const { name } of mapped) expect(name).toMatch(PROVIDER_TOOL_NAME);
    expect(mapped.map((m) => m.original).sort()).toEqual([...new Set(originals)].sort());
  });

  it('uses a name listed twice once', () => {
    const { mapped, notes } = mapToolNames('srv', ['same', 'same']);
    expect(mapped).toEqual([{ original: 'same', name: 'mcp__srv__same' }]);
    expect(notes).toEqual(['The server listed some tool names twice; each is used once.']);
  });
});
