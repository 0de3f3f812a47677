/**
 * A toast a page shows away from what was clicked (toastr from npm, served offline from node_modules), as a
 * real model met Node-RED's "Successfully deployed": the click posts to the server, the page shows the toast
 * once the server answers, at the top corner of a page far longer than the click's part of it. The click's
 * result says the notice, with the server's answer waited for; checked on toastr's own toast.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { callNext, resultText } from '../support/model-results.js';
import { send } from '../support/panel-driver.js';
import { refIn } from '../support/tree-lines.js';

/** Over 20,000 characters of text, so the part of the page compared around the button is its own section. */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Flow settings</title>
<link rel="stylesheet" href="/toastr/build/toastr.min.css">
<script src="/jquery/dist/jquery.min.js"></script><script src="/toastr/build/toastr.min.js"></script></head>
<body><h1>Flow settings</h1><p>${'Each node in the flow passes its message on to the next. '.repeat(400)}</p>
<section><h2>Deploy</h2><button id="deploy" type="button">Deploy</button></section>
<p>${'The runtime keeps the flows it was last given. '.repeat(100)}</p>
<script>
document.querySelector('#deploy').addEventListener('click', async () => {
  const response = await fetch('/api/deploy', { method: 'POST' });
  if (response.ok) toastr.success('Successfully deployed');
});
</script></body></html>`;

/** How long the server takes to answer a deploy: longer than the page's quiet spell after the click. */
const DEPLOY_MS = 1_200;

describe('a toast shown away from the click', () => {
  const e2e = useExtension({
    fixtures: {
      root: 'node_modules',
      routes: (req: IncomingMessage, res: ServerResponse, pathname: string) => {
        if (pathname === '/settings.html') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
          return true;
        }
        if (pathname === '/api/deploy' && req.method === 'POST') {
          setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"rev":"2"}'), DEPLOY_MS);
          return true;
        }
        return false;
      },
    },
    mock: { rules: { allow: ['click'], ask: [], deny: [] } },
  });

  it('a click whose answer is a toastr toast at the top of the page says the notice, once the server answered', async () => {
    const { page, tabId } = await e2e.open('/settings.html');
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'tu_deploy', name: 'click', input: (tree) => ({ ref: refIn(tree, 'button "Deploy"') }) }),
      { text: 'Deployed.' },
    );
    const panel = await e2e.panel(tabId);
    await page.bringToFront();
    await send(panel, 'Deploy the flow');
    await panel.getByText('Deployed.').waitFor({ timeout: 60_000 });
    const line = resultText(e2e.mock, 'tu_deploy');
    expect(line.isError).toBe(false);
    expect(line.text).toMatch(/^Clicked button "Deploy" \[trusted input\]\. Then: notice "Successfully deployed" appeared/);
    // toastr's own toast says it: the page drew it, and it is the one the model was told of.
    expect(await page.locator('#toast-container .toast-success .toast-message').textContent()).toBe('Successfully deployed');
  });
});
