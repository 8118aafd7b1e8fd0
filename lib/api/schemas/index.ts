// Wire schemas of the service (spec/service-api.md, spec/endpoints.md). Responses use z.object,
// which strips unknown fields so a new server field breaks no client, with every documented field
// required; request bodies use z.strictObject so the emulator answers 400 on an unknown field.
// Query schemas are plain z.object: the deprecated `?apikey=` may ride along on any call. Open
// value sets ("values seen: ...") stay strings; closed enumerations of the spec are z.enum.
export * from './common';
export * from './engagement-stats';
export * from './campaigns';
export * from './conversations';
export * from './workspace';
export * from './leads';
export * from './lead-status';
export * from './webhooks';
export * from './crm';
export * from './visitors';
export * from './agent';
