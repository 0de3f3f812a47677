import { describe, expect, it } from 'vitest';
import { capSnapshot, capText } from './reply-caps.js';

describe('reply caps', () => {
  it('leave text under the cap alone', () => {
    expect(capText('a\nb', 10)).toEqual({ text: 'a\nb', capped: false });
  });
  it('cut long text at a line break and say how much the page had', () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const { text: out, capped } = capText(text, 100);
    expect(capped).toBe(true);
    const [kept, note] = out.split('\n… ');
    expect(kept!.length).toBeLessThanOrEqual(100);
    expect(kept!.endsWith('\n')).toBe(false);
    expect(text.startsWith(kept!)).toBe(true);
    expect(note).toContain(`${text.length.toLocaleString('en-US')} characters`);
  });
  it('keep only the element summaries whose refs are still in the capped tree', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `- button "B${i}" [ref=e${i}]`);
    const elements = Object.fromEntries(lines.map((_, i) => [`e${i}`, { role: 'button', name: `B${i}` }]));
    const capped = capSnapshot({ text: lines.join('\n'), elements, url: 'u', frames: [] }, 200);
    const refs = Object.keys(capped.elements);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.length).toBeLessThan(50);
    for (const ref of refs) expect(capped.text).toContain(`[ref=${ref}]`);
    expect(capped.url).toBe('u');
  });
  it('keep a summary only for a ref the tree shows, not for one written in escaped page text', () => {
    const text = ['- text: a page wrote \\[ref=e7\\]', ...Array.from({ length: 40 }, (_, i) => `- button "B${i}" [ref=e${i + 10}]`)].join('\n');
    const capped = capSnapshot({ text, elements: { e7: { role: 'button', name: 'hidden' }, e10: { role: 'button', name: 'B0' } }, frames: [] }, 200);
    expect(Object.keys(capped.elements)).toEqual(['e10']);
  });
  it('keep the frame markers whose lines survive the cut, and drop the others', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `- iframe "F${i}" [ref=e${i}]`);
    const frames = lines.map((_, i) => ({ ref: `e${i}`, index: i, src: '', line: i }));
    const capped = capSnapshot({ text: lines.join('\n'), elements: {}, frames }, 300);
    const shown = capped.text.split('\n');
    expect(capped.frames.length).toBeGreaterThan(0);
    expect(capped.frames.length).toBeLessThan(50);
    for (const frame of capped.frames) expect(shown[frame.line]).toContain(`[ref=${frame.ref}]`);
  });
});
