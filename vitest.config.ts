import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Runs for the emulator tiers only: with `--project unit` alone it returns at once (see the file).
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/worker-environment.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: two workers share the emulators; every test works in an account of its own.
    maxWorkers: 2,
    projects: [
      // The fast tier: the domain against in-memory ports (test/unit/memory/). It does not extend the root, so it
      // inherits neither the emulators' setup file nor their timeouts, and it runs first: it fails in seconds.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], testTimeout: 15_000, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'service', include: ['test/**/*.test.ts'], exclude: ['test/unit/**', 'test/local/**', 'test/timing/**', 'test/iam/**'], sequence: { groupOrder: 1 } } },
      // Tests that time the service run alone, after the rest, so that no other file's load skews them.
      { extends: true, test: { name: 'timing', include: ['test/timing/**/*.test.ts'], sequence: { groupOrder: 2 } } },
      // `npm start` as a child process brings its own Java and emulators: it runs alone.
      { extends: true, test: { name: 'npm-start', include: ['test/local/**/*.test.ts'], sequence: { groupOrder: 3 } } },
      // The IAM simulation reads the AWS calls the service tests recorded (test/iam/aws-call-log.ts): it runs last.
      { extends: true, test: { name: 'iam', include: ['test/iam/**/*.test.ts'], sequence: { groupOrder: 4 } } },
    ],
  },
});
