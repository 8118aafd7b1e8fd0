// The one build-time variable the extension reads (see schema-build.ts).
interface ImportMetaEnv {
  readonly WXT_PREVIOUS_SCHEMA?: string;
}
