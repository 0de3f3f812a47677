import { describe, expect, it } from 'vitest';
import { actReportLine } from './act-report.js';

const observed = (over: Partial<Parameters<typeof actReportLine>[0]['observed'] & object> = {}) => ({
  url: 'https://a.test/',
  changes: [],
  staleRefs: [],
  elements: {},
  ...over,
});

describe('actReportLine', () => {
  it('says "no visible change" when nothing followed, and never claims more', () => {
    expect(actReportLine({ done: 'Pressed Enter on textbox "Search"', path: { trusted: true }, observed: observed() })).toBe(
      'Pressed Enter on textbox "Search" [trusted input]. Then: no visible change.',
    );
    expect(
      actReportLine({
        done: 'Typed 3 characters into textbox "Name"',
        path: { trusted: true },
        observed: observed({ target: 'its value is now "Ada"', targetChanged: true }),
      }),
    ).toBe('Typed 3 characters into textbox "Name" [trusted input]. Then: its value is now "Ada".');
    expect(actReportLine({ done: 'Clicked checkbox', path: { trusted: true }, observed: observed({ target: 'it is still unchecked' }) })).toBe(
      'Clicked checkbox [trusted input]. Then: it is still unchecked; no other visible change.',
    );
  });

  it('puts the target first, then page changes, focus and stale refs (listing at most eight)', () => {
    const line = actReportLine({
      done: 'Clicked button "Clear completed"',
      path: { trusted: true },
      observed: observed({
        changes: ['list [ref=e4] lost 1 item "milk"'],
        focus: 'the page (nothing has focus)',
        staleRefs: ['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8', 'e9', 'e10'],
        target: 'the target left the page',
        targetChanged: true,
      }),
    });
    expect(line).toBe(
      'Clicked button "Clear completed" [trusted input]. Then: the target left the page; list [ref=e4] lost 1 item "milk"; focus moved to the page (nothing has focus); now stale (their elements left the page): e1, e2, e3, e4, e5, e6, e7, e8 and 2 more.',
    );
  });

  it('reports navigations, new tabs and dialogs from the browser, and which input path was used', () => {
    const navigated = actReportLine({
      done: 'Clicked link "Next"',
      path: { trusted: false, reason: 'another debugger (DevTools or another extension) is attached to this tab' },
      browser: { navigationStarted: 'https://a.test/2', navigated: { url: 'https://a.test/2' }, newTabs: [] },
    });
    expect(navigated).toBe(
      'Clicked link "Next" [synthetic events: another debugger (DevTools or another extension) is attached to this tab]. Then: the tab loaded https://a.test/2; every ref of the previous page is stale: call read_page or find.',
    );
    const tab = actReportLine({
      done: 'Clicked link "Help"',
      path: { trusted: true },
      browser: { newTabs: [{ tabId: 9, url: 'https://a.test/help' }] },
      observed: observed(),
    });
    expect(tab).toContain('it opened a new tab 9 (https://a.test/help); this run stays on the current tab (switch_tab to go there)');
    expect(tab).not.toContain('no visible change');
    const dialog = actReportLine({
      done: 'Clicked button "Delete"',
      path: { trusted: true },
      dialog: { type: 'confirm', message: 'Delete\n"milk"?', url: '' },
    });
    expect(dialog).toBe(
      'Clicked button "Delete" [trusted input]. Then: a JavaScript confirm dialog saying "Delete \\"milk\\"?" opened and the page is paused until it is answered: call handle_dialog to accept or dismiss it (or let the person answer it).',
    );
    const stillLoading = actReportLine({
      done: 'Clicked link "Slow"',
      path: { trusted: true },
      browser: { navigationStarted: 'https://slow.test/', newTabs: [] },
    });
    expect(stillLoading).toContain('the tab started loading https://slow.test/ and had not finished');
  });

  it('says when the page could not report, instead of "no visible change"', () => {
    expect(
      actReportLine({ done: 'Clicked button "Go"', path: { trusted: true }, unobserved: 'the page did not report what changed: call read_page to check' }),
    ).toBe('Clicked button "Go" [trusted input]. Then: the page did not report what changed: call read_page to check.');
  });

  it('tags acts that are set by script instead of an input path, and drops a trailing period of the act', () => {
    expect(
      actReportLine({
        done: 'Selected "Japan" in combobox "Country".',
        path: { trusted: false, reason: '(set by script, with input and change events)' },
        observed: observed(),
      }),
    ).toBe('Selected "Japan" in combobox "Country" (set by script, with input and change events). Then: no visible change.');
    expect(actReportLine({ done: 'Scrolled the page down by 600px', path: { trusted: false, reason: '' }, observed: observed() })).toBe(
      'Scrolled the page down by 600px. Then: no visible change.',
    );
  });
});
