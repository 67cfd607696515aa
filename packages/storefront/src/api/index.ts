export * from './http.js';
export * from './paths.js';
export * from './cart-api.js';
export * from './forms-api.js';
export * from './cart-json.js';
export * from './cart-edit-api.js';
export * from './checkout-api.js';
