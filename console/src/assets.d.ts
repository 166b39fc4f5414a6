/** Style sheets are bundled by esbuild (scripts/console.ts) into the console's one CSS file. */
declare module '*.css';
