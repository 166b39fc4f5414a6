/**
 * How long `cdk synth --quiet` takes, as a user runs it (the CLI, a fresh cloud assembly directory),
 * and what it makes: each template's resources (CloudFormation takes 500; the stack test holds each to 250).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { synthesizedTemplates } from '../test/stack/templates';

export interface SynthTime {
  seconds: number;
  functions: number;
  templates: { file: string; resources: number }[];
}

export const measureSynth = (cdkOut: string): SynthTime => {
  rmSync(cdkOut, { recursive: true, force: true });
  const started = performance.now();
  execFileSync(process.execPath, ['node_modules/aws-cdk/bin/cdk', 'synth', '--quiet', '-o', cdkOut], {
    stdio: 'inherit',
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    functions: readdirSync(`${cdkOut}/function-bundles`).length,
    templates: synthesizedTemplates(cdkOut),
  };
};
