/** `npm start -- --task ...`: the headless mode runs a task in the built extension and prints the transcript. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build', ...args], {
      env: { ...process.env, ANTHROPIC_API_KEY: '', OPENAI_API_KEY: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm start --task', () => {
  it('runs the task headless against the mock model and prints the reply', async () => {
    const result = await run(['--mock', '--task', 'Hello from the terminal']);
    expect(result.stdout).toContain('Task: Hello from the terminal');
    expect(result.stdout).toContain('(demo model) You said: Hello from the terminal');
    expect(result.stdout).toContain('run finished: end_turn');
    // The last line says what the run used: the demo model uses no tokens.
    expect(result.stdout.trim().split('\n').at(-1)).toBe('— used no tokens · $0');
    expect(result.code).toBe(0);
  });

  it('with --mock, "Summarize this page" shows a real tool round trip through the content script', async () => {
    const result = await run(['--mock', '--task', 'Summarize this page']);
    expect(result.stdout).toContain('→ get_page_text {"main_content":true}');
    // The page text came back from the content script of the start page, and the reply is built from it.
    expect(result.stdout).toMatch(/← get_page_text \[done\] Source: http:\/\/127\.0\.0\.1:\d+\/\n\n# Pagewright start page/);
    expect(result.stdout).toContain("(demo model) I read the page's text: “Pagewright start page”");
    expect(result.code).toBe(0);
  });

  it('refuses to run a task without a key, naming what to set', async () => {
    const result = await run(['--task', 'Anything']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ANTHROPIC_API_KEY');
    expect(result.stderr).toContain('--mock');
  });

  it('without a display, offers xvfb-run and the demo model instead of a command that needs a key', async () => {
    const result = await run([], { DISPLAY: '', WAYLAND_DISPLAY: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('xvfb-run npm start');
    expect(result.stderr).toContain('npm start -- --mock --task');
  });
});
