/**
 * The browser stops an idle service worker whenever it likes: a run cut off mid-call is kept (shown
 * interrupted, resumed without re-running the call), and an open panel reconnects and shows the
 * conversation again. A browser and profile of this file's own, since it stops the worker.
 */
import { describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { toolResultsOf } from '../support/mock-model-server.js';
import { send } from '../support/panel-driver.js';

const e2e = useExtension({ profile: 'fresh', fixtures: 'tests/e2e/pages', mock: { permissionMode: 'ask' } });

describe('a worker the browser stops', () => {
  it('survives a worker stop mid-run: conversation intact, shown interrupted, Resume does not re-run the in-flight call', async () => {
    const { panel } = await e2e.tabWithPanel('/plain.html');
    e2e.mock.enqueue({ text: 'Waiting a moment.', toolCalls: [{ id: 'toolu_wait_1', name: 'wait_for', input: { seconds: 25 } }] });
    await send(panel, 'Wait for the page, please');
    await panel.locator('[data-tool-use-id="toolu_wait_1"][data-status="running"]').waitFor();

    await e2e.ext.stopWorker();

    // The panel reconnects to the restarted worker and shows the saved conversation as interrupted.
    await panel.getByRole('button', { name: 'Resume' }).waitFor({ timeout: 30_000 });
    await panel.getByText('Wait for the page, please').first().waitFor();
    await panel.getByText('Waiting a moment.').first().waitFor();
    await expect.poll(() => panel.locator('[data-tool-use-id="toolu_wait_1"]').getAttribute('data-status'), { timeout: 30_000 }).toBe('error');
    expect(e2e.mock.requests).toHaveLength(1);

    e2e.mock.enqueue({ text: 'Resumed after the restart.' });
    await panel.getByRole('button', { name: 'Resume' }).click();
    await panel.getByText('Resumed after the restart.').first().waitFor();

    // The model got the INTERRUPTED result for the cut-off call; the call itself was not run again.
    const resumed = e2e.mock.requests[1]!;
    const results = toolResultsOf(resumed);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ toolUseId: 'toolu_wait_1', isError: true });
    expect(results[0]?.text).toContain('INTERRUPTED');
    expect(await panel.locator('[data-tool-use-id="toolu_wait_1"]').count()).toBe(1);
    expect(e2e.mock.requests).toHaveLength(2);
  });

  it('reconnects after the worker is stopped and shows the conversation again', async () => {
    const { panel } = await e2e.tabWithPanel('/plain.html');
    e2e.mock.enqueue({ text: 'Before the restart.' });
    await send(panel, 'Remember me');
    await panel.getByText('Before the restart.').waitFor();
    await e2e.ext.stopWorker();
    e2e.mock.enqueue({ text: 'After the restart.' });
    await send(panel, 'Still there?');
    await panel.getByText('After the restart.').waitFor();
    expect(await panel.getByText('Before the restart.').count()).toBe(1);
    expect(await panel.locator('.person-text').allTextContents()).toEqual(['Remember me', 'Still there?']);
  });
});
