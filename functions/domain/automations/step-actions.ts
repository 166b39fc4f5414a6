import type { ContactListDeps } from '../contacts/contact-lists';
import type { Contact } from '../contacts/contact';
import { contactView } from '../contacts/contact-view';
import { addContactToSegment } from '../contacts/contact-segments';
import { deleteContact, updateContact } from '../contacts/contacts';
import { sendMail, type SendMailDeps } from '../mail/send-mail';
import type { ContactChanges } from '../contacts/contact';
import { AppError } from '../errors';
import type { TemplateStore } from '../../ports';
import { resolveAll, resolveValue, type RunContext } from './conditions';
import type { Step } from './graph';
import { automationTemplate } from './template-source';

/** What the steps with an effect need: the native send path, the contacts and their lists. */
export type StepActionDeps = SendMailDeps & ContactListDeps & { templates: TemplateStore };

/**
 * An effect's outcome: what it did (kept as the step's output), or that it was skipped and why; `contact`:
 * the contact as the step left it (null: deleted), for the runner's read of it to stay true.
 */
export type ActionOutcome = {
  status: 'completed' | 'skipped';
  output: Record<string, unknown>;
  contact?: Contact | null;
};

/** A `From` as Resend writes it (`Name <address>` or an address) as the native send's fields. */
const fromFields = (from: unknown) => {
  if (typeof from !== 'string' || !from.trim()) return {};
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  return named ? { from_email: named[2], ...(named[1] ? { from_name: named[1] } : {}) } : { from_email: from.trim() };
};

const senderOnly = ({ from_email, from_name }: { from_email?: string; from_name?: string }) =>
  from_email ? { from_email, from_name } : {};
const replyOnly = ({ reply_to }: { reply_to?: string }) => (reply_to ? { reply_to } : {});

/**
 * send_email: the stored template rendered with its variables (literals, or `{var}` read from the
 * event and the contact), sent through the native send path (sender rule, suppression, the brake).
 * A contact that is unsubscribed or suppressed is skipped: the automation is marketing mail.
 */
/** The template a send_email step sends, ready to render (the runner reads each once a round). */
export type TemplateOf = (accountId: string, templateId: string) => ReturnType<typeof automationTemplate>;

const sendEmail = async (
  deps: StepActionDeps,
  step: Step,
  context: RunContext,
  accountId: string,
  templateOf: TemplateOf,
) => {
  const contact = context.contact;
  if (!contact) throw new Error('The contact of the run is gone');
  if (contact.unsubscribed) return { status: 'skipped', output: { reason: 'unsubscribed' } } as const;
  const config = step.config as {
    template: { id: string; variables?: Record<string, unknown> };
    subject?: string;
    from?: string;
    reply_to?: string;
    /** The tenant's id (resolved when the graph was written). */
    tenant?: string;
  };
  const render = await templateOf(accountId, config.template.id);
  // `{{contact.<key>}}` reads the run's contact as any template send reads its recipient's (the declarations
  // once, only for a template that reads it): the step's own variables come beside it.
  const values = render.readsContact
    ? { contact: contactView(contact.email, contact, await deps.contactProperties.all(accountId)) }
    : {};
  const rendered = render({ ...resolveAll(config.template.variables, context), ...values });
  let sent: Awaited<ReturnType<typeof sendMail>>;
  try {
    sent = await sendMail(
      deps,
      accountId,
      {
        to: contact.email,
        subject: config.subject ?? rendered.subject,
        html: rendered.html ?? undefined,
        text: rendered.text ?? undefined,
        // The step's own sender, else the template's (its address with its name), else the provider's.
        ...(typeof config.from === 'string' && config.from.trim()
          ? fromFields(config.from)
          : senderOnly(render.sender)),
        ...(config.reply_to ? { reply_to: config.reply_to } : replyOnly(render.sender)),
        ...(config.tenant ? { tenant: config.tenant } : {}),
      },
      'automation',
    );
  } catch (error) {
    // The send path's own suppression check (one read, not two): a suppressed contact is skipped.
    if (error instanceof AppError && error.code === 'RECIPIENT_SUPPRESSED')
      return { status: 'skipped', output: { reason: 'suppressed' } } as const;
    throw error;
  }
  return { status: 'completed', output: { email_id: sent.message_id, to: contact.email } } as const;
};

const contactChanges = (config: Record<string, unknown>, context: RunContext): ContactChanges => {
  const changes: ContactChanges = {};
  for (const field of ['first_name', 'last_name', 'unsubscribed'] as const)
    if (config[field] !== undefined) (changes as Record<string, unknown>)[field] = resolveValue(config[field], context);
  if (config.properties && typeof config.properties === 'object')
    changes.properties = resolveAll(config.properties as Record<string, unknown>, context);
  return changes;
};

/** The effect of a step of one of these types, for the run's contact. */
export const runAction = async (
  deps: StepActionDeps,
  step: Step,
  context: RunContext & { contact: Contact | undefined },
  accountId: string,
  templateOf: TemplateOf = (account, id) => automationTemplate(deps, account, id),
): Promise<ActionOutcome> => {
  const contactId = context.contact?.id;
  if (!contactId) throw new Error('The contact of the run is gone');
  switch (step.type) {
    case 'send_email':
      return sendEmail(deps, step, context, accountId, templateOf);
    case 'contact_update': {
      const updated = await updateContact(deps, accountId, contactId, contactChanges(step.config, context));
      return { status: 'completed', output: { contact_id: updated.id }, contact: updated };
    }
    case 'contact_delete':
      await deleteContact(deps, accountId, contactId);
      return { status: 'completed', output: { contact_id: contactId, deleted: true }, contact: null };
    case 'add_to_segment': {
      const segmentId = String(step.config.segment_id);
      const added = await addContactToSegment(deps, accountId, contactId, segmentId);
      return {
        status: 'completed',
        output: { segment_id: segmentId.toLowerCase(), subscriber_id: added.subscriber_id },
      };
    }
    default:
      throw new Error(`No action for a ${step.type} step`);
  }
};
