import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/worker-environment.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: two workers share the emulators; every test works in an account of its own.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'service', include: ['test/**/*.test.ts'], exclude: ['test/local/**'], sequence: { groupOrder: 0 } } },
      // `npm start` as a child process brings its own Java and emulators: it runs after the rest, so
      // that its load never skews the timing tests (the drainer's pace) of the files beside it.
      { extends: true, test: { name: 'npm-start', include: ['test/local/**/*.test.ts'], sequence: { groupOrder: 1 } } },
    ],
  },
});
