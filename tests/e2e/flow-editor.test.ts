/**
 * A flow editor from npm (drawflow, served offline from node_modules), as a real model met Node-RED's:
 * nodes added by dragging a palette item onto the canvas (drawflow's own demo pattern: HTML5 draggable
 * items, a drop handler calling editor.addNode; the item stays in the palette), and wires drawn by
 * dragging from a node's output port to another's input port (an SVG path). Each check reads what the
 * model was told and drawflow's own state (editor.export()).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { callNext, resultText } from '../support/model-results.js';
import { send } from '../support/panel-driver.js';
import { refIn } from '../support/tree-lines.js';

const FLOW = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Flow editor</title>
<link rel="stylesheet" href="/drawflow/dist/drawflow.min.css"><script src="/drawflow/dist/drawflow.min.js"></script>
<style>body{margin:0;font-family:sans-serif;display:flex} .palette{width:160px;padding:10px}
.drag-drawflow{border:1px solid #888;border-radius:4px;padding:8px;margin-bottom:8px;cursor:move;background:#eef}
#drawflow{position:relative;width:760px;height:520px;background:#fafafa;border:1px solid #ccc}</style></head>
<body><div class="palette"><h2>Nodes</h2>
<div class="drag-drawflow" draggable="true" ondragstart="drag(event)" data-node="inject"><span>Inject</span></div>
<div class="drag-drawflow" draggable="true" ondragstart="drag(event)" data-node="debug"><span>Debug</span></div></div>
<div id="drawflow" ondrop="drop(event)" ondragover="allowDrop(event)"></div>
<script>
window.editor = new Drawflow(document.getElementById('drawflow'));
editor.start();
const NODES = { inject: [0, 1, 'Inject'], debug: [1, 0, 'Debug'], timer: [0, 1, 'Timer'], log: [1, 0, 'Log'] };
function addNode(name, x, y) { const [inputs, outputs, title] = NODES[name]; return editor.addNode(name, inputs, outputs, x, y, name, {}, '<div>' + title + '</div>'); }
addNode('timer', 40, 40);
addNode('log', 360, 220);
function allowDrop(ev) { ev.preventDefault(); }
function drag(ev) { ev.dataTransfer.setData('node', ev.target.getAttribute('data-node')); }
// drawflow's demo: the drop point in the canvas's own coordinates.
function drop(ev) {
  ev.preventDefault();
  const scale = editor.precanvas.clientWidth / (editor.precanvas.clientWidth * editor.zoom);
  const box = editor.precanvas.getBoundingClientRect();
  addNode(ev.dataTransfer.getData('node'), ev.clientX * scale - box.x * scale, ev.clientY * scale - box.y * scale);
}
</script></body></html>`;

interface DrawflowNode {
  name: string;
  pos_x: number;
  pos_y: number;
  outputs: Record<string, { connections: Array<{ node: string; output: string }> }>;
}
type FlowWindow = { editor: { export(): { drawflow: { Home: { data: Record<string, DrawflowNode> } } } } };
const nodesOf = (page: Page) => page.evaluate(() => Object.values((window as unknown as FlowWindow).editor.export().drawflow.Home.data));

describe('a drawflow flow editor', () => {
  const e2e = useExtension({
    fixtures: {
      root: 'node_modules',
      routes: (_req: IncomingMessage, res: ServerResponse, pathname: string) => {
        if (pathname !== '/flow/editor.html') return false;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FLOW);
        return true;
      },
    },
    mock: { rules: { allow: ['drag', 'click'], ask: [], deny: [] } },
  });
  const load = callNext({ id: 'tu_search', name: 'tool_search', input: () => ({ query: 'select:drag' }) });
  /** Sends the task with the editor's tab in front (a tab behind another draws no frames, and input to it is slow). */
  const inFront = async (page: Page, tabId: number, message: string, done: string) => {
    const panel = await e2e.panel(tabId);
    await page.bringToFront();
    await send(panel, message);
    await panel.getByText(done).waitFor({ timeout: 60_000 });
  };
  /** The centre of `selector` in the page, as a model reads it off a screenshot. */
  const centre = async (page: Page, selector: string) => {
    const box = await page.locator(selector).boundingBox();
    if (!box) throw new Error(`no box for ${selector}`);
    return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  };

  it('a palette item dropped on the canvas is told as the node that appeared there, not as a drag that did nothing', async () => {
    const { page, tabId } = await e2e.open('/flow/editor.html');
    e2e.mock.enqueue(
      load,
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'tu_drag', name: 'drag', input: (tree) => ({ from: refIn(tree, 'draggable "Inject"'), to: { x: 420, y: 110 } }) }),
      { text: 'Added.' },
    );
    await inFront(page, tabId, 'Add an inject node', 'Added.');
    const added = (await nodesOf(page)).filter((node) => node.name === 'inject');
    expect(added).toHaveLength(1);
    const line = resultText(e2e.mock, 'tu_drag');
    expect(line.isError).toBe(false);
    expect(line.text).toMatch(
      /^Dragged draggable "Inject" to the point \(420, 110\) \[trusted input\]\. Then: a copy was dropped: draggable "Inject" \[ref=e\d+\] appeared at \(\d+, \d+\), and item "Inject" stayed where it was/,
    );
    expect(line.text).not.toContain('did not move it');
    // Where it says the node is, it is: drawflow put the node's corner at the drop point.
    const at = /appeared at \((\d+), (\d+)\)/.exec(line.text)!;
    const shown = await centre(
      page,
      `#node-${Object.keys(await page.evaluate(() => (window as unknown as FlowWindow).editor.export().drawflow.Home.data)).at(-1)}`,
    );
    expect(Math.abs(Number(at[1]) - shown.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(at[2]) - shown.y)).toBeLessThanOrEqual(1);
  });

  it('a drag from an output port to an input port is told as the connection drawn between the two nodes, each end named by its node', async () => {
    const { page, tabId } = await e2e.open('/flow/editor.html');
    const from = await centre(page, '.timer .output_1');
    const to = await centre(page, '.log .input_1');
    e2e.mock.enqueue(load, callNext({ id: 'tu_wire', name: 'drag', input: () => ({ from, to }) }), { text: 'Wired.' });
    await inFront(page, tabId, 'Wire Timer to Log', 'Wired.');
    const timer = (await nodesOf(page)).find((node) => node.name === 'timer');
    expect(timer?.outputs['output_1']?.connections).toEqual([{ node: '2', output: 'input_1' }]);
    const line = resultText(e2e.mock, 'tu_wire');
    expect(line.text).toMatch(
      /^Dragged draggable "Timer" at \(\d+, \d+\) to draggable "Log" at \(\d+, \d+\) \[trusted input\]\. Then: a connection was drawn from draggable "Timer" to draggable "Log"/,
    );
  });

  it('a click at a point on a node is told by the node it hit, not by the bare tag under the pointer', async () => {
    const { page, tabId } = await e2e.open('/flow/editor.html');
    const at = await centre(page, '.timer .drawflow_content_node');
    e2e.mock.enqueue(callNext({ id: 'tu_click', name: 'click', input: () => at }), { text: 'Picked.' });
    await inFront(page, tabId, 'Select Timer', 'Picked.');
    // drawflow's own selection: the node the click reached.
    expect(await page.evaluate(() => (window as unknown as { editor: { node_selected: Element | null } }).editor.node_selected?.id)).toBe('node-1');
    const line = resultText(e2e.mock, 'tu_click');
    expect(line.text).toMatch(new RegExp(`^Clicked draggable "Timer" at \\(${at.x}, ${at.y}\\) \\[trusted input\\]`));
  });

  it('a wire let go on the empty canvas is not told as a connection (drawflow takes it back)', async () => {
    const { page, tabId } = await e2e.open('/flow/editor.html');
    const from = await centre(page, '.timer .output_1');
    e2e.mock.enqueue(load, callNext({ id: 'tu_loose', name: 'drag', input: () => ({ from, to: { x: from.x + 200, y: from.y + 60 } }) }), { text: 'Let go.' });
    await inFront(page, tabId, 'Pull a wire out of Timer', 'Let go.');
    const timer = (await nodesOf(page)).find((node) => node.name === 'timer');
    expect(timer?.outputs['output_1']?.connections).toEqual([]);
    const line = resultText(e2e.mock, 'tu_loose');
    expect(line.text).toMatch(/^Dragged draggable "Timer" at \(\d+, \d+\) to the point \(\d+, \d+\) \[trusted input\]/);
    expect(line.text).not.toContain('connection');
  });
});
