/**
 * What the SES emulator answers to GetAccount (it reads AWS_SES_ACCOUNT): a production account with
 * the given send rate, so the drainer paces itself locally as it would against real SES.
 */
export const sesEmulatorAccount = (maxSendRate: number) => ({
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
    UseCaseDescription: 'Local development',
    WebsiteURL: 'http://localhost',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 50_000, MaxSendRate: maxSendRate, SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: [] },
});
