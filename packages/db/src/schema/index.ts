export * from './accounts';
export * from './catalog';
export * from './marketing';
export * from './sales';
export * from './shipping';
