export * from './accounts';
export * from './auth';
export * from './catalog';
export * from './mail';
export * from './marketing';
export * from './promotions';
export * from './sales';
export * from './shipping';
