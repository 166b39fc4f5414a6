// What a function's bundle gets for `libmime` (lib/constructs/function-bundle.ts, BUNDLED_ONCE): mailparser
// imports its ES module build and mailsplit requires its CommonJS build, so a bundle held two copies of the
// same code (about 90 KB), and libmime built its charset decoders twice at init. Both take the default
// export, the shared instance of an unconfigured Libmime (with the class as `.Libmime`): one ES module copy
// serves both. A path, not the package name: `require` would pick the CommonJS build again.
module.exports = require('../../../node_modules/libmime/dist/esm/libmime.js').default;
