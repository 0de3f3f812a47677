import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'sidepanel/**/*.test.{ts,tsx}', 'popup/**/*.test.{ts,tsx}'],
          environment: 'node',
          typecheck: { enabled: true, include: ['src/**/*.test-d.ts', 'tests/unit/**/*.test-d.ts'] },
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
    ],
  },
});
