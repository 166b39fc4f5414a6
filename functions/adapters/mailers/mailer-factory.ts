import { config } from '../../config';
import { messageUuid } from '../../domain/mail/message-id';
import type { MailerFactory } from '../../ports';
import { sesMailer } from './ses-mailer';
import { smtpMailer } from './smtp-mailer';

/** Picks the mailer for a provider record. */
export const mailerFactory: MailerFactory = {
  forProvider(provider) {
    if (provider.type === 'smtp') {
      const mailer = smtpMailer(provider);
      if (provider.events?.source !== 'sendgrid') return mailer;
      // SendGrid copies custom arguments into every event of the mail: its events name our message, found by key.
      return {
        send: (mail) =>
          mailer.send({
            ...mail,
            headers: {
              ...mail.headers,
              'X-SMTPAPI': JSON.stringify({ unique_args: { message_uuid: messageUuid(mail.messageId) } }),
            },
          }),
      };
    }
    // Tags travel with SES events (event publishing), so an event names our message (account and
    // uuid) and is found by key, without its SES id.
    const configurationSet = provider.configuration_set ?? config.defaultConfigurationSet;
    return sesMailer({
      region: provider.region ?? undefined,
      // The deployment's configuration set carries bounce and delivery events to SNS unless the provider names its own.
      configurationSet,
      // Only the deployment's own set, in the deployment's region, is known to publish them to its topic; a
      // provider's own set may feed identity notifications (no tags) to the receiver, which need the SES id.
      eventsNameOurIds:
        configurationSet !== undefined &&
        configurationSet === config.defaultConfigurationSet &&
        (!provider.region || provider.region === process.env.AWS_REGION),
      tags: (mail) => ({
        message_uuid: messageUuid(mail.messageId),
        account_id: provider.account_id,
        provider_id: provider.id,
      }),
    });
  },
};
