import { fauxqsModule } from './fauxqs-module';

/**
 * fauxqs 2.4.1 refuses every message whose body holds a character outside the Basic Multilingual Plane
 * (an emoji, 𝒻𝒶𝓃𝒸𝓎 letters, CJK extension B): its check of SQS's allowed characters, `#x9 | #xA | #xD |
 * #x20-#xD7FF | #xE000-#xFFFD | #x10000-#x10FFFF`, is a regular expression without the `u` flag that
 * lists no astral range, so each half of a surrogate pair counts as forbidden. Real SQS accepts them;
 * a campaign to a subscriber named with an emoji sent nothing locally, and a click on such a link
 * posted no webhook (issue 23). Mended here, locally only, by giving the emulator's own RegExp object
 * the check SQS documents; a lone surrogate is still refused, as SQS refuses it.
 *
 * The check is a shared RegExp instance (send, batch send and the JSON API all use it), so replacing
 * its `test` mends every path. A fauxqs release that moves it fails the start loudly.
 */
// eslint-disable-next-line no-control-regex
const INVALID_BODY_CHARACTER = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export const mendFauxqsBodyCheck = async () => {
  const { module, path } = await fauxqsModule<{ INVALID_MESSAGE_BODY_CHAR: RegExp }>('sqs/sqsTypes.js');
  const check = module.INVALID_MESSAGE_BODY_CHAR;
  if (!(check instanceof RegExp))
    throw new Error(`fauxqs changed: ${path} has no INVALID_MESSAGE_BODY_CHAR to mend; check the non-BMP fault again`);
  check.test = (body: string) => INVALID_BODY_CHARACTER.test(body);
};
