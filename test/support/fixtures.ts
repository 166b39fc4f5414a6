import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './scratch-dir';

/**
 * The provider fixtures and their manifest, kept in the repository (test/fixtures/providers, copied from
 * the project's shared set with its generator) so that a clone alone passes its tests.
 */
export const FIXTURES = new URL('../fixtures/providers/', import.meta.url);
export const fixtureText = (path: string) => readFileSync(new URL(path, FIXTURES), 'utf8');
export const fixtureBytes = (path: string) => readFileSync(new URL(path, FIXTURES));

export interface ManifestRecord {
  email: string;
  bounce_type: 'hard' | 'soft' | 'complaint';
  provider_subtype?: string;
  provider_message_id?: string;
}

export interface ManifestEntry {
  file: string;
  headers?: string;
  provider: 'ses' | 'sendgrid' | 'mailgun';
  kind: string;
  expect: {
    outcome?: string;
    http_status?: number;
    records?: ManifestRecord[];
    message_status?: string;
    provider_message_id?: string;
    delivered?: string[];
    not_recorded?: string[];
    events?: (Partial<ManifestRecord> & { outcome: string; provider_message_id?: string; records: ManifestRecord[] })[];
  };
}

export const manifest = JSON.parse(fixtureText('manifest.json')) as { ref_time: number; fixtures: ManifestEntry[] };

/**
 * SNS_CERT_DIR holds certificates by the last path segment of SigningCertURL; the fixtures name their
 * certificate by that URL, so the folder gets cert.pem under that name. A scratchDir: made while the file is
 * collected, removed after it.
 */
export const snsCertDir = () => {
  const dir = scratchDir('sns-certs-');
  const envelope = JSON.parse(fixtureText('sns/notification-delivery.v1.json')) as { SigningCertURL: string };
  copyFileSync(
    new URL('sns/cert.pem', FIXTURES),
    join(dir, new URL(envelope.SigningCertURL).pathname.split('/').pop()!),
  );
  return dir;
};

export const CONFIGURED_TOPIC = 'arn:aws:sns:us-east-1:406281993754:ses-feedback';
