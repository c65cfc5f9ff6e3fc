export * from './events.ts';
export * from './client.ts';
