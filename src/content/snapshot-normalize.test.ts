/** The snapshot's text pass, on trees written by hand (no page needed). */
import { describe, expect, it } from 'vitest';
import { nameFromChildren, normalizeChildren, normalizeNode } from './snapshot-normalize.js';
import { node } from './snapshot-test-nodes.js';
import { BLOCK_BREAK, type SnapshotChild } from './snapshot-tree.js';

describe('the text pass', () => {
  it('joins the raw pieces between two nodes into one run and collapses its whitespace once', () => {
    const link = node('link', { name: 'Home', ref: 'e1' });
    const list: SnapshotChild[] = ['  Read\n', 'the ', ' ', 'news\t', link, ' and ', 'more  '];
    normalizeChildren(list);
    expect(list).toEqual(['Read the news', link, 'and more']);
  });

  it("ends a run at a block's edge, so each block's text is a line, and drops the edges themselves", () => {
    const list: SnapshotChild[] = [BLOCK_BREAK, 'Write ', 'report', BLOCK_BREAK, BLOCK_BREAK, ' Review ', BLOCK_BREAK, ' '];
    normalizeChildren(list);
    expect(list).toEqual(['Write report', 'Review']);
  });

  it('keeps only the controls and items of an item whose text is its name; a node named by all its lines says them once', () => {
    const button = node('button', { name: '10', ref: 'e2' });
    const item = node('treeitem', { name: 'timeout : 10', ref: 'e1', folded: true }, ['timeout', ' : ', button]);
    normalizeNode(item);
    expect(item.children).toEqual([button]);
    const cell = node('cell', { nameFromContent: true }, ['Ada', BLOCK_BREAK, 'admin']);
    normalizeNode(cell);
    expect(cell.name).toBe('Ada admin');
    expect(cell.children).toEqual([]);
  });

  it('drops runs that are blank, also of non-breaking spaces, and the lone spaces that mark word breaks', () => {
    const button = node('button', { name: 'Go', ref: 'e2' });
    const list: SnapshotChild[] = [' ', button, '\u00a0\u00a0', ' \n '];
    normalizeChildren(list);
    expect(list).toEqual([button]);
  });

  it('drops a node with no children, name or ref, after its own children were tidied', () => {
    const empty = node('paragraph', {}, ['  ', '\u00a0']);
    const named = node('paragraph', { name: 'Note' });
    const refOnly = node('link', { ref: 'e3' });
    const list: SnapshotChild[] = [empty, named, refOnly];
    normalizeChildren(list);
    expect(list).toEqual([named, refOnly]);
  });

  it('names a container that waits for its content from its children, and its summary with it', () => {
    const summary = { role: 'row', name: '', tag: 'tr' };
    const row = node('row', { nameFromContent: true, ref: 'e4', summary }, [
      node('cell', { nameFromContent: true }, ['Ada ', ' Lovelace']),
      node('cell', { nameFromContent: true }, [node('link', { name: 'profile', ref: 'e5' })]),
    ]);
    normalizeNode(row);
    expect(row.name).toBe('Ada Lovelace profile');
    expect(summary.name).toBe('Ada Lovelace profile');
    // Children were named first; the first cell said only its name, once.
    expect(row.children.map((child) => (typeof child === 'string' ? child : child.name))).toEqual(['Ada Lovelace', 'profile']);
    expect((row.children[0] as { children: unknown[] }).children).toEqual([]);
  });

  it('keeps a name the element gave itself, and clips a long name from content', () => {
    const labelled = node('cell', { name: 'Total', nameFromContent: true }, ['42']);
    normalizeNode(labelled);
    expect(labelled.name).toBe('Total');
    expect(labelled.children).toEqual(['42']);
    const long = node('cell', { nameFromContent: true }, ['word '.repeat(100)]);
    normalizeNode(long);
    expect(long.name).toHaveLength(160);
    expect(long.name.endsWith('…')).toBe(true);
  });

  it('does not name a node from content unless it waits for that', () => {
    const paragraph = node('paragraph', {}, ['Some text']);
    normalizeNode(paragraph);
    expect(paragraph.name).toBe('');
    expect(paragraph.children).toEqual(['Some text']);
  });

  it('says a name once: a sole text child or a placeholder that repeats it goes', () => {
    const heading = node('heading', { name: 'Account' }, ['Account']);
    normalizeNode(heading);
    expect(heading.children).toEqual([]);
    const field = node('textbox', { name: 'Search', ref: 'e6', placeholder: 'Search' });
    normalizeNode(field);
    expect(field.placeholder).toBeUndefined();
    const hinted = node('textbox', { name: 'Email', ref: 'e7', placeholder: 'ada@example.com' });
    normalizeNode(hinted);
    expect(hinted.placeholder).toBe('ada@example.com');
    const twoKids = node('heading', { name: 'A' }, ['A', node('img', { name: 'logo', ref: 'e8' })]);
    normalizeNode(twoKids);
    expect(twoKids.children).toHaveLength(2);
  });

  it('reads a name from text and child names, one space apart, skipping unnamed children', () => {
    expect(nameFromChildren(['Price', node('generic'), node('img', { name: 'euro' }), '12'])).toBe('Price euro 12');
    expect(nameFromChildren([])).toBe('');
  });
});

describe('a grid’s header rows', () => {
  const row = (name: string, role = 'gridcell') => node('row', { name }, [node(role, { name, ref: `e${name.length}` })]);

  it('come before its data rows when the page draws them after (Handsontable’s header overlay)', () => {
    const data = node('rowgroup', {}, [row('Pencils'), row('Notebooks')]);
    const headers = node('rowgroup', {}, [
      node('row', { name: 'Select all Item' }, [
        node('gridcell', { name: 'Select all' }),
        node('columnheader', { name: 'Item' }),
        node('columnheader', { name: 'Qty' }),
      ]),
    ]);
    const corner = node('rowgroup', {}, [row('Select all')]);
    const grid = node('treegrid', { ref: 'e1' }, [data, headers, corner]);
    normalizeNode(grid);
    expect(grid.children).toEqual([headers, data, corner]);
  });

  it('stay where they are when they come first, as does everything but a late header row', () => {
    const header = node('row', { name: 'Item' }, [node('columnheader', { name: 'Item' })]);
    const caption = node('caption', { name: 'Orders' });
    const grid = node('table', {}, [caption, header, row('Pencils')]);
    normalizeNode(grid);
    expect(grid.children.map((child) => (typeof child === 'string' ? child : child.name))).toEqual(['Orders', 'Item', 'Pencils']);
  });
});

describe('a grid’s rows', () => {
  it('are read in the order their grid numbers them, in their own slots, when each row has a number (AG Grid keeps them out of DOM order)', () => {
    const row = (name: string, position: number) => node('row', { name, position }, [node('gridcell', { name, ref: `e${position}` })]);
    const text = node('caption', { name: 'People' });
    const group = node('rowgroup', {}, [row('Row 3', 4), text, row('Row 1', 2), row('Row 2', 3)]);
    normalizeNode(group);
    expect(group.children.map((child) => (typeof child === 'string' ? child : child.name))).toEqual(['Row 1', 'People', 'Row 2', 'Row 3']);
  });

  it('keep their page order when one of them has no number', () => {
    const rows = [
      node('row', { name: 'B', position: 3 }, [node('gridcell', { name: 'B', ref: 'e1' })]),
      node('row', { name: 'A' }, [node('gridcell', { name: 'A', ref: 'e2' })]),
    ];
    const group = node('rowgroup', {}, rows);
    normalizeNode(group);
    expect(group.children).toEqual(rows);
  });
});
