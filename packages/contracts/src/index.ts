export * from './carts';
export * from './catalog';
export * from './envelope';
export * from './errors';
export * from './money';
export * from './plans';
export * from './promotions';
export * from './shipping';
