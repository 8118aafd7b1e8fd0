// The view models: what the background computes and the surfaces render, validated at the boundary.
export * from './chip';
export * from './error';
export * from './options';
export * from './outbox';
export * from './panel';
export * from './inbox';
export * from './lead-identity';
export * from './list-badge';
export * from './reply';
export * from './thread';
export * from './this-page';
export * from './person-context';
export * from './search-import';
export * from './enrich-selected';
