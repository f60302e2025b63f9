import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    projects: [
      {
        // Pure logic and Node-side code: fast, no external processes.
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['scripts/vitest.setup.ts'],
        },
      },
      {
        // Against the real DynamoDB Local (Java 17), started once for the run.
        test: {
          name: 'integration',
          include: ['integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['scripts/vitest.globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
