import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/worker-environment.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: two workers share the emulators; every test works in an account of its own.
    maxWorkers: 2,
  },
});
