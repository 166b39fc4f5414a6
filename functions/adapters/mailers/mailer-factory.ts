import { config } from '../../config';
import { messageUuid } from '../../domain/mail/message-id';
import type { MailerFactory } from '../../ports';
import { sesMailer } from './ses-mailer';
import { smtpMailer } from './smtp-mailer';

/** Picks the mailer for a provider record. */
export const mailerFactory: MailerFactory = {
  forProvider(provider) {
    if (provider.type === 'smtp') return smtpMailer(provider);
    // Tags travel with SES events, so a bounce can be matched to our message even without its SES id.
    return sesMailer({
      region: provider.region ?? undefined,
      // The deployment's configuration set carries bounce and delivery events to SNS unless the provider names its own.
      configurationSet: provider.configuration_set ?? config.defaultConfigurationSet,
      tags: (mail) => ({ message_uuid: messageUuid(mail.messageId), provider_id: provider.id }),
    });
  },
};
