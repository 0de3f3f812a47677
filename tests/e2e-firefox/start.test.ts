/** `npm start -- --browser firefox --task ...`: runs a task headless in Firefox with the built add-on and prints the transcript. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build', '--browser', 'firefox', ...args], {
      env: { ...process.env, ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm start --browser firefox --task', () => {
  it('"Summarize this page" with the demo model: a tool round trip through the content script in Firefox', async () => {
    const result = await run(['--mock', '--task', 'Summarize this page']);
    expect(result.stdout).toContain('Task: Summarize this page');
    expect(result.stdout).toMatch(/← get_page_text \[done\] Source: http:\/\/127\.0\.0\.1:\d+\/\n\n# Pagewright start page/);
    expect(result.stdout).toContain("(demo model) I read the page's text: “Pagewright start page”");
    expect(result.stdout).toContain('run finished: end_turn');
    expect(result.code, result.stderr).toBe(0);
  });

  it('refuses a browser it does not know, naming the ones it does', async () => {
    const result = await run(['--browser', 'netscape', '--mock', '--task', 'Anything']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--browser is chromium (the default) or firefox');
  });
});
