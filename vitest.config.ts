import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sidepanel/**/*.test.{ts,tsx}', 'popup/**/*.test.{ts,tsx}', 'tests/support/**/*.test.ts', 'build/**/*.test.ts'],
          environment: 'node',
          typecheck: { enabled: true, include: ['src/**/*.test-d.ts'] },
        },
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // The Firefox build (dist-firefox/) in Debian's firefox-esr over WebDriver BiDi: `npm run test:firefox`.
        test: {
          name: 'e2e-firefox',
          include: ['tests/e2e-firefox/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
