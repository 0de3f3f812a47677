/**
 * AG Grid Community (from npm, served offline): 120 people, 20 a page. The scripted model reads the grid,
 * finds a person (told that only this page's rows were searched), sorts by a header twice, sets the page
 * size in the grid's own picker, and edits a salary by double-clicking its cell; every ref read from what
 * the extension returned. The test checks AG Grid's own state through its API (its displayed rows, its
 * page size, its sort, the row's data) and what each result told the model.
 */
import { describe, expect, it } from 'vitest';
import { useAppServer } from '../support/app-server.js';
import { converse, useExtension } from '../support/e2e.js';
import { callNext, resultText } from '../support/model-results.js';
import { checkTreeLines, refIn } from '../support/tree-lines.js';

/** The trial's page: the same 120 rows, their names repeating (six people are called Nadia Khan). */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Team directory</title>
<script src="./ag-grid-community/dist/ag-grid-community.min.js"></script></head>
<body style="font-family:sans-serif"><h1>Team directory</h1><div id="grid" style="height:500px;width:900px"></div>
<script>
const first=['Priya','Jonas','Amara','Lena','Tomás','Wei','Fatima','Oskar','Nadia','Ravi','Chloe','Mateo','Yuki','Sven','Ines','Kofi','Aisha','Liam','Mina','Pavel'];
const last=['Raman','Berg','Okafor','Fischer','Silva','Chen','Haddad','Lund','Petrova','Iyer','Martin','Rossi','Tanaka','Nilsson','Costa','Mensah','Khan','Walsh','Park','Novak'];
const depts=['Engineering','Sales','Marketing','Support','Finance'];
const rows=[];let s=7;const rnd=()=>{s=(s*48271)%2147483647;return s/2147483647};
for(let i=0;i<120;i++)rows.push({id:i+1,name:first[i%20]+' '+last[(i*7)%20],department:depts[Math.floor(rnd()*5)],salary:Math.round(40000+rnd()*90000),start:new Date(2012+Math.floor(rnd()*12),Math.floor(rnd()*12),1+Math.floor(rnd()*27)).toISOString().slice(0,10)});
window.api=agGrid.createGrid(document.getElementById('grid'),{rowData:rows,getRowId:(p)=>String(p.data.id),columnDefs:[{field:'id',width:70},{field:'name',editable:true,filter:true},{field:'department',editable:true,filter:true,cellEditor:'agSelectCellEditor',cellEditorParams:{values:depts}},{field:'salary',filter:'agNumberColumnFilter',editable:true},{field:'start',headerName:'Start date'}],defaultColDef:{sortable:true},pagination:true,paginationPageSize:20,paginationPageSizeSelector:[20,50,100],onFirstDataRendered:()=>{document.body.dataset.ready='yes'}});
</script></body></html>`;

/** The ref of the first data row's third cell (its department) in a read: rows are read in the grid's own order. */
const firstCell = (text: string): string => {
  const lines = text.split('\n');
  const row = lines.findIndex((line) => /- row "\d/.test(line));
  return /\[ref=(e\d+)\]/.exec(lines[row + 3] ?? '')?.[1] ?? 'e0';
};

interface GridApi {
  getDisplayedRowCount(): number;
  paginationGetPageSize(): number;
  paginationGetCurrentPage(): number;
  getColumnState(): Array<{ colId: string; sort?: string | null }>;
  getRowNode(id: string): { data: { id: number; name: string; salary: number; department: string } } | undefined;
  getDisplayedRowAtIndex(index: number): { data: Record<string, unknown> } | undefined;
  forEachNode(visit: (node: { data: { id: number; name: string } }) => void): void;
}

describe('a paged grid (AG Grid Community), driven by the scripted model', () => {
  const e2e = useExtension({ mock: true });
  const app = useAppServer('node_modules', PAGE);

  it('says the grid is paged, that find saw one page, what a sort shows, the page size it took, and edits a cell through its editor', async () => {
    const { page, tabId } = await e2e.open(`${app.url}/`);
    await page.locator('body[data-ready="yes"] [role=gridcell]').first().waitFor();
    const read = () => resultText(e2e.mock, 'ag_read').text;
    e2e.mock.enqueue(
      callNext({ id: 'ag_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'ag_find', name: 'find', input: () => ({ query: 'Nadia Khan' }) }),
      callNext({ id: 'ag_sort1', name: 'click', input: () => ({ ref: refIn(read(), 'columnheader "Salary"') }) }),
      callNext({ id: 'ag_sort2', name: 'click', input: () => ({ ref: refIn(read(), 'columnheader "Salary"') }) }),
      callNext({ id: 'ag_size', name: 'select_option', input: () => ({ ref: refIn(read(), 'combobox "Page Size"'), values: ['100'] }) }),
      callNext({ id: 'ag_bottom', name: 'scroll', input: () => ({ ref: refIn(read(), '- grid'), to: 'bottom' }) }),
      callNext({ id: 'ag_top', name: 'scroll', input: () => ({ ref: refIn(read(), '- grid'), to: 'top' }) }),
      callNext({ id: 'ag_controls', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'ag_type_cell', name: 'type', input: (previous) => ({ ref: refIn(previous, 'gridcell "129679"'), text: '130000' }) }),
      callNext({ id: 'ag_open', name: 'click', input: () => ({ ref: refIn(resultText(e2e.mock, 'ag_controls').text, 'gridcell "129679"'), click_count: 2 }) }),
      callNext({
        id: 'ag_save',
        name: 'type',
        input: (previous) => ({ ref: /type into (?:textbox|spinbutton)[^[]*\[ref=(e\d+)\]/.exec(previous)?.[1] ?? 'e0', text: '130000', submit: true }),
      }),
      // The department's editor is a picker: the double-click says to choose in it, and the pick saves and closes it.
      callNext({
        id: 'ag_dept_open',
        name: 'click',
        input: () => ({ ref: firstCell(resultText(e2e.mock, 'ag_controls').text), click_count: 2 }),
      }),
      callNext({
        id: 'ag_dept',
        name: 'select_option',
        input: (previous) => ({ ref: /choose with select_option in combobox[^[]*\[ref=(e\d+)\]/.exec(previous)?.[1] ?? 'e0', values: ['Finance'] }),
      }),
      { text: 'Ines Park earns the most; her salary is now 130000.' },
    );
    await converse(e2e, tabId, 'Who earns the most? Raise their salary to 130000.', 'Ines Park earns the most');
    // AG Grid's own state: sorted by salary, descending; 100 rows a page; the row saved.
    const state = await page.evaluate(() => {
      const grid = (window as unknown as { api: GridApi }).api;
      const nadias: number[] = [];
      grid.forEachNode((node) => void (node.data.name === 'Nadia Khan' && nadias.push(node.data.id)));
      return {
        sort: grid
          .getColumnState()
          .filter((column) => column.sort)
          .map((column) => `${column.colId} ${column.sort}`),
        pageSize: grid.paginationGetPageSize(),
        displayed: grid.getDisplayedRowCount(),
        salary: grid.getRowNode('95')?.data.salary,
        department: grid.getRowNode('95')?.data.department,
        nadias: nadias.length,
      };
    });
    expect(state).toEqual({ sort: ['salary desc'], pageSize: 100, displayed: 120, salary: 130000, department: 'Finance', nadias: 6 });

    // The read: the grid's rows counted as AG Grid counts them (its header row is none of them), and paged:
    // all 20 of this page are rendered, so scrolling is not what shows the others.
    const whole = read();
    expect(checkTreeLines(whole)).toEqual([]);
    expect(whole).toMatch(
      /grid \[ref=e\d+\] \(rows 1–20 of 120 rendered; it looks paged, with page controls beside it: this page's rows are all rendered, and its page controls show the others\)/,
    );
    expect(whole).not.toContain('scroll with this ref');

    // find saw one of the six Nadia Khans, and says it searched only the rendered rows, and how to reach the rest.
    const found = resultText(e2e.mock, 'ag_find').text;
    expect(found).toMatch(/^2 matches for “Nadia Khan” among what is rendered/);
    // The cell found says where it is, so the model can tell one Nadia Khan from another.
    expect(found).toContain('- gridcell "Nadia Khan" [ref=e49] (column "Name", row "9 Nadia Khan Sales 42324 2014-11-13")');
    expect(found).toMatch(/Searched only in part[^\n]*\n- grid \[ref=e\d+\] \(rows 1–20 of 120 rendered; it looks paged/);
    expect(checkTreeLines(found)).toEqual([]);

    // Each sort says what the grid shows now, from its first row by AG Grid's own order (by id and name: a
    // salary was edited since), and lists nothing cut short.
    const firstRows = await page.evaluate(() => {
      const grid = (window as unknown as { api: GridApi }).api;
      const text = (index: number) =>
        Object.values(grid.getDisplayedRowAtIndex(index)?.data ?? {})
          .slice(0, 2)
          .join(' ');
      return [text(0), text(19)];
    });
    const sorted = resultText(e2e.mock, 'ag_sort2').text;
    expect(sorted).toContain(`grid [ref=e2] now has rows 1–20 of 120 rendered (20), from "${firstRows[0]} `);
    expect(sorted).toContain(`to "${firstRows[1]} `);
    expect(sorted).toContain('sorted by "Salary" descending');
    expect(sorted).not.toMatch(/\bappeared\b|text "\d+" is gone/);
    expect(resultText(e2e.mock, 'ag_sort1').text).toContain('sorted by "Salary" ascending');

    // The page size the picker took is said as taken.
    const size = resultText(e2e.mock, 'ag_size').text;
    expect(size).toContain('Chose "100" in combobox "Page Size": it now shows "100" (it showed "20")');
    expect(size).not.toContain('does not show');
    // AG Grid's live region for screen readers (a 1px box that clips its words) is no text a person sees:
    // its words changing with each sort or page size are not reported.
    for (const id of ['ag_sort1', 'ag_sort2', 'ag_size']) expect(resultText(e2e.mock, id).text, id).not.toMatch(/Press ENTER|\. Page \d/);

    // Scrolled to its bottom, a page of 100 ends at row 100, and the grid says the others are on the next page.
    const bottom = resultText(e2e.mock, 'ag_bottom').text;
    expect(bottom).toMatch(/rows \d+–100 of 120 in view/);
    expect(bottom).toContain('(at its bottom, the end of this page: it looks paged, and its page controls show the other rows)');
    // Back at its top, the rows in view are named top to bottom (AG Grid's DOM order is not its order on screen).
    const [, , last] = /rows (\d+)–(\d+) of 120 in view, from "95 Ines Park Sales 129679 2020-11-25"/.exec(resultText(e2e.mock, 'ag_top').text) ?? [];
    expect(Number(last)).toBeGreaterThan(5);

    // The controls: the grid's cells with their columns; of a page of 100 it renders some, and scrolling renders the rest of the page.
    const controls = resultText(e2e.mock, 'ag_controls').text;
    expect(checkTreeLines(controls)).toEqual([]);
    expect(controls).toMatch(/- gridcell "129679" \[ref=e\d+\] \(column "Salary"\)/);
    // Its rows in AG Grid's own order (its DOM keeps them otherwise after a scroll).
    const ids = [...controls.matchAll(/- row "(\d+) /g)].map((match) => Number(match[1]));
    const order = await page.evaluate((count) => {
      const grid = (window as unknown as { api: GridApi }).api;
      return Array.from({ length: count }, (_, i) => Number(grid.getDisplayedRowAtIndex(i)?.data['id']));
    }, ids.length);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids).toEqual(order);
    expect(controls).toMatch(
      /grid \[ref=e2\] \(rows 1–\d+ of 120 rendered; it looks paged, with page controls beside it: scroll with this ref and a direction for the rest of this page/,
    );

    // Typing into a cell says how a person edits one; the double-click names the editor it opened, by its cell.
    const typed = resultText(e2e.mock, 'ag_type_cell');
    expect(typed.isError).toBe(true);
    expect(typed.text).toContain("is a grid's cell, not a text field");
    expect(typed.text).toContain('double-click it (click with click_count 2)');
    expect(resultText(e2e.mock, 'ag_open').text).toMatch(
      /an editor opened on the cell \[ref=e\d+\] at column "Salary", row "95 Ines Park Sales 2020-11-25": type into spinbutton "Input Editor" \[ref=e\d+\] \(value "129679"\)/,
    );
    // Enter saved it and AG Grid removed its editor: the result says what was saved, where.
    const saved = resultText(e2e.mock, 'ag_save').text;
    expect(saved).toContain('Enter saved "130000" in the cell at column "Salary", row "95 Ines Park Sales 2020-11-25"; the editor closed');
    expect(saved).not.toContain('the target left the page');

    // The picker: named as the cell's editor, and its pick said as done though the editor left the page with it.
    expect(resultText(e2e.mock, 'ag_dept_open').text).toMatch(
      /an editor opened on the cell \[ref=e\d+\] at column "Department", row "95 Ines Park Sales 130000 2020-11-25": choose with select_option in combobox/,
    );
    const dept = resultText(e2e.mock, 'ag_dept');
    expect(dept.isError, dept.text).toBe(false);
    expect(dept.text).toContain('Chose "Finance" in combobox');
    expect(dept.text).toContain("which then left the page (as a cell's editor does once it saves)");
    expect(dept.text).toMatch(/gridcell "Finance" \[ref=e\d+\]|"Finance"/);
  });
});
