import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

/**
 * What the emulator tiers share: every worker points the SDK at the emulators the global setup started.
 * Not in the root's options, which every inline project inherits (the unit tier must not).
 */
const emulatorTier = { setupFiles: ['test/support/worker-environment.ts'] };
const emulatorProject = (name: string, include: string, groupOrder: number): TestProjectConfiguration => ({
  extends: true,
  test: { ...emulatorTier, name, include: [include], sequence: { groupOrder } },
});

export default defineConfig({
  test: {
    // Vitest runs the root's global setup once a run, whatever projects it selected: it starts the
    // emulators unless the unit tier alone was selected (`--project unit`; see the file).
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: two workers share the emulators; every test works in an account of its own.
    maxWorkers: 2,
    projects: [
      // The fast tier: the domain against in-memory ports (test/unit/memory/), no emulator, no JDK. It runs first
      // (npm test runs it alone before the rest), so a broken domain fails in seconds. Its files share a thread's
      // modules (isolate: false, half the time): each test builds its own world, and the domain's one module-level
      // state, authenticate's key cache, is off in its tests (cacheSeconds 0).
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 15_000,
          pool: 'threads',
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          ...emulatorTier,
          name: 'service',
          include: ['test/**/*.test.ts'],
          exclude: ['test/unit/**', 'test/local/**', 'test/timing/**', 'test/iam/**'],
          sequence: { groupOrder: 1 },
        },
      },
      // Tests that time the service run alone, after the rest, so that no other file's load skews them.
      emulatorProject('timing', 'test/timing/**/*.test.ts', 2),
      // `npm start` as a child process brings its own Java and emulators: it runs alone.
      emulatorProject('npm-start', 'test/local/**/*.test.ts', 3),
      // The IAM simulation reads the AWS calls the service tests recorded (test/iam/aws-call-log.ts): it runs last.
      emulatorProject('iam', 'test/iam/**/*.test.ts', 4),
    ],
  },
});
