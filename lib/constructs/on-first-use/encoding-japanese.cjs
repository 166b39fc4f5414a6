// What libmime gets for `import encodingJapanese from 'encoding-japanese'` in a function's bundle
// (lib/constructs/function-bundle.ts, REQUIRED_ON_FIRST_USE): libmime calls `convert` only for a Japanese
// charset (ISO-2022-JP, JIS, EUC-JP), so the package (about 90 KB) is required from the file beside
// index.mjs on that first call instead of being parsed at every cold start. libmime reads nothing else of it.
let loaded;
module.exports = {
  convert: (...args) => {
    loaded ??= require('./encoding-japanese.cjs');
    return loaded.convert(...args);
  },
};
