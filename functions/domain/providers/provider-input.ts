import type { EventSource } from '../types';

/** Where a provider's delivery events come from (schemas/providers.ts is checked against these types). */
export interface ProviderEventsInput {
  source: EventSource;
  sns_topic_arn?: string;
  signing_key?: string;
}

interface CommonProviderInput {
  name: string;
  is_default?: boolean;
  from_email: string;
  from_name?: string | null;
  allowed_from_domains?: string[] | null;
  hourly_limit?: number | null;
  daily_limit?: number | null;
  send_rate_per_second?: number | null;
  events?: ProviderEventsInput | null;
}

export interface SesProviderInput extends CommonProviderInput {
  type: 'ses';
  region?: string | null;
  configuration_set?: string | null;
}

export interface SmtpProviderInput extends CommonProviderInput {
  type: 'smtp';
  host: string;
  port: number;
  /** true: implicit TLS; false: STARTTLS; null/absent: by the port (465: implicit). */
  secure?: boolean | null;
  username?: string | null;
  password?: string | null;
}

export type CreateProviderInput = SesProviderInput | SmtpProviderInput;

/** PUT changes the fields it names; the merged record must still be a valid provider of its type. */
export type UpdateProviderInput = Partial<Omit<SesProviderInput, 'type'> & Omit<SmtpProviderInput, 'type'>>;
